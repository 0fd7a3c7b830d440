/** Money is integer cents everywhere; dollars exist only at the edges (docs/product.md §9, design principle 5). */

export const CURRENCY = "USD";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: CURRENCY, minimumFractionDigits: 2 });

export function formatMoney(cents: number): string {
  return usd.format(cents / 100);
}

/** "12.50" as sent to payment providers. */
export function centsToDecimalString(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * Parses a dollar amount typed by a person ("12", "12.5", "12.50") into cents.
 * Returns undefined for anything else, including more than two decimals, negatives and exponents.
 */
export function parseDollars(input: string | number): number | undefined {
  const text = typeof input === "number" ? String(input) : input.trim();
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : undefined;
}
