/**
 * How an e-mail greets a shopper: by first name when we know it ("Hi Ada,"), else "Hello,".
 * An order keeps the customer's full name (or, without one, their email), so the first word
 * is taken, and anything with an @ is never used as a name.
 */
export function firstNameOf(fullName: string | null | undefined): string | null {
  const first = (fullName ?? "").trim().split(/\s+/)[0] ?? "";
  return first && !first.includes("@") ? first : null;
}

export function greeting(firstName: string | null | undefined): string {
  const name = firstNameOf(firstName);
  return name ? `Hi ${name},` : "Hello,";
}
