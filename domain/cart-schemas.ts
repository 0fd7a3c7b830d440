import { z } from "./zod";
import { MAX_CART_LINES } from "./cart";
import { discountCodeFieldSchema } from "./discount-schemas";
import { lineChoiceMessages, lineChoiceSchema } from "./checkout-line";
import { messages } from "./messages";

export const cartMessages = {
  ...lineChoiceMessages,
  lines: "Cart lines must be a list",
  empty: messages.checkout.cartEmptyForSession,
  tooMany: `A cart holds at most ${MAX_CART_LINES} different items`,
  body: "The request must be a JSON object with the cart lines",
} as const;

/** The lines of a cart as the browser sends them: each one a line choice (domain/checkout-line.ts). */
export const cartRequestSchema = z
  .array(lineChoiceSchema, { error: cartMessages.lines })
  .min(1, cartMessages.empty)
  .max(MAX_CART_LINES, cartMessages.tooMany);

/** The body of POST /api/cart/quote. */
export const cartQuoteBodySchema = z.object(
  { lines: cartRequestSchema, discountCode: discountCodeFieldSchema },
  { error: cartMessages.body },
);

/** One readable sentence for a refused request, naming the line: "Line 2: Quantity must be ...". */
export function cartRequestErrorMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return cartMessages.body;
  const at = issue.path.findIndex((part) => typeof part === "number");
  return at === -1 ? issue.message : `Line ${Number(issue.path[at]) + 1}: ${issue.message}`;
}

/** The largest version a saved cart's counter reaches (a PostgreSQL integer). */
export const SAVED_CART_VERSION_MAX = 2_147_483_647;

/**
 * The body of PUT /api/cart: the browser's cart (choices only; a price or title in it is
 * dropped, never read) and the server version it was made on, or null to merge it into the
 * server's (a sign-in). An empty list is a valid cart.
 */
export const savedCartBodySchema = z.object(
  {
    lines: z.array(lineChoiceSchema, { error: cartMessages.lines }).max(MAX_CART_LINES, cartMessages.tooMany),
    baseVersion: z
      .number({ error: "baseVersion must be a whole number or null" })
      .int("baseVersion must be a whole number or null")
      .min(0, "baseVersion must be a whole number or null")
      .max(SAVED_CART_VERSION_MAX, "baseVersion must be a whole number or null")
      .nullable(),
  },
  { error: cartMessages.body },
);
export type SavedCartBody = z.output<typeof savedCartBodySchema>;
