/** Average of 1–5 star ratings, shown to one decimal (docs/product.md §9). */
export function formatAverageRating(average: number | null | undefined): string {
  return (average ?? 0).toFixed(1);
}

export function reviewCountLabel(count: number): string {
  return count === 1 ? "1 review" : `${count} reviews`;
}
