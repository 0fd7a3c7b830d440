interface StarsProps {
  value: number;
  size?: "sm" | "md";
}

/** Five stars filled to the rating; decorative, so callers give the number in text. */
export function Stars({ value, size = "md" }: StarsProps) {
  const px = size === "sm" ? 12 : 18;
  return (
    <span className="inline-flex" aria-hidden="true">
      {[1, 2, 3, 4, 5].map((i) => {
        const fill = Math.max(0, Math.min(1, value - (i - 1)));
        return (
          <svg key={i} width={px} height={px} viewBox="0 0 20 20" className="shrink-0" aria-hidden="true">
            <defs>
              <linearGradient id={`star-${i}-${Math.round(fill * 100)}`}>
                <stop offset={`${fill * 100}%`} stopColor="#b45309" />
                <stop offset={`${fill * 100}%`} stopColor="#d6d3d1" />
              </linearGradient>
            </defs>
            <path
              fill={`url(#star-${i}-${Math.round(fill * 100)})`}
              d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z"
            />
          </svg>
        );
      })}
    </span>
  );
}

/** A review's rating: its stars and "4/5", read out as "4 out of 5 stars". */
export function ReviewRating({ rating }: { rating: number }) {
  return (
    <>
      <Stars value={rating} size="sm" />
      <span>
        {rating}
        <span className="sr-only"> out of 5 stars</span>
        <span aria-hidden="true">/5</span>
      </span>
    </>
  );
}
