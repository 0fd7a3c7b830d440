import { z } from "zod";
import { addLine, type CartLine, MAX_CART_LINES } from "./cart";
import { MAX_IMAGES_PER_PRODUCT } from "./catalog";
import { type LineChoiceInput, lineChoiceMessages, lineChoiceSchema } from "./checkout-line";
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
export const cartQuoteBodySchema = z.object({ lines: cartRequestSchema }, { error: cartMessages.body });

/** One readable sentence for a refused request, naming the line: "Line 2: Quantity must be ...". */
export function cartRequestErrorMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return cartMessages.body;
  const at = issue.path.findIndex((part) => typeof part === "number");
  return at === -1 ? issue.message : `Line ${Number(issue.path[at]) + 1}: ${issue.message}`;
}

/** The request lines of a stored cart: what the server needs, nothing it must not trust. */
export function toRequestLines(lines: readonly CartLine[]): LineChoiceInput[] {
  return lines.map(({ productId, selectedSize, color, quantity }) => ({ productId, selectedSize, color, quantity }));
}

const { productId, selectedSize, color, quantity } = lineChoiceSchema.shape;

/** A line as localStorage keeps it: the line choice's fields and the copy shown in the cart. */
const storedLineSchema = z.object({
  productId,
  title: z.string().max(500),
  priceCents: z.number().int().min(0).max(1_000_000_000),
  quantity,
  imageUrls: z.array(z.string().max(2048)).max(MAX_IMAGES_PER_PRODUCT),
  selectedSize,
  color,
  description: z.string().max(10_000).optional(),
});

/**
 * The cart kept in localStorage, read defensively: anything that is not our JSON array
 * (corrupt, edited by hand, written by another app) is an empty cart; a bad line is dropped;
 * repeated lines are merged; at most MAX_CART_LINES are kept.
 */
export function parseStoredCart(raw: string | null | undefined): CartLine[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  let lines: CartLine[] = [];
  for (const item of value) {
    const parsed = storedLineSchema.safeParse(item);
    if (!parsed.success) continue;
    try {
      lines = addLine(lines, parsed.data);
    } catch {
      break;
    }
  }
  return lines;
}
