/**
 * The name a review is shown under: the reviewer's first name, else 'Customer'. Never an
 * e-mail address: reviews are public, and an address under a review would hand it to anyone.
 */

/** The name for a reviewer without a name (docs/product.md §2). */
export const ANONYMOUS_REVIEWER = "Customer";
/** The profile form's limit for a first name (domain/account-schemas.ts). */
export const REVIEWER_NAME_MAX = 50;

/** Anything with an @ may be (or contain) an e-mail address, so it is never shown. */
const looksLikeEmail = (text: string) => text.includes("@");

function clean(text: string | null | undefined): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}

/**
 * The name stored with a review when it is written, from the author's account: the first
 * name; else the first word of the account's display name (a Google account's "Ada Lovelace"
 * gives "Ada"); else 'Customer'. The SQL of migration 0003_review_author_names is this rule.
 */
export function reviewerName(user: { firstName?: string | null; name?: string | null }): string {
  const first = clean(user.firstName);
  if (first && !looksLikeEmail(first)) return first.slice(0, REVIEWER_NAME_MAX);
  const display = clean(user.name).split(" ")[0] ?? "";
  if (display && !looksLikeEmail(display)) return display.slice(0, REVIEWER_NAME_MAX);
  return ANONYMOUS_REVIEWER;
}

/**
 * The name shown for a stored review. Rows written before this rule may hold a full name or
 * an e-mail address; whatever is stored, an address or an empty name is shown as 'Customer'.
 */
export function reviewerDisplayName(stored: string | null | undefined): string {
  const name = clean(stored);
  if (!name || looksLikeEmail(name)) return ANONYMOUS_REVIEWER;
  return name.slice(0, REVIEWER_NAME_MAX);
}
