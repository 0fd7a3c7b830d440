import { z } from "zod";
import { addLine, type CartLine, MAX_CART_LINES, MAX_QUANTITY } from "./cart";
import { MIN_QUANTITY } from "./cart-rules";
import { MAX_IMAGES_PER_PRODUCT, SIZES } from "./catalog";
import { isUuid } from "./ids";
import { messages } from "./messages";

export const COLOR_MAX = 40;

export const cartMessages = {
  productId: "Product id must be a valid product id",
  quantity: `Quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}`,
  size: `Size must be one of ${SIZES.join(", ")}`,
  color: `Color must be text of at most ${COLOR_MAX} characters`,
  lines: "Cart lines must be a list",
  empty: messages.checkout.cartEmptyForSession,
  tooMany: `A cart holds at most ${MAX_CART_LINES} different items`,
  body: "The request must be a JSON object with the cart lines",
} as const;

const quantityField = z
  .number({ error: cartMessages.quantity })
  .int(cartMessages.quantity)
  .min(MIN_QUANTITY, cartMessages.quantity)
  .max(MAX_QUANTITY, cartMessages.quantity);

const sizeField = z
  .enum(SIZES, { error: cartMessages.size })
  .nullish()
  .transform((size) => size ?? null);

const colorField = z
  .string({ error: cartMessages.color })
  .trim()
  .max(COLOR_MAX, cartMessages.color)
  .nullish()
  .transform((color) => color || null);

/**
 * One line of a cart as the browser sends it to be priced or paid: which product, which size
 * and colour, how many. Anything else (a price, a total, a currency) is dropped here, so no
 * code after this point can be tempted to read it.
 */
export const cartRequestLineSchema = z.object({
  productId: z.string({ error: cartMessages.productId }).refine(isUuid, cartMessages.productId),
  selectedSize: sizeField,
  color: colorField,
  quantity: quantityField,
});

export type CartRequestLine = z.output<typeof cartRequestLineSchema>;
/** A line before validation, as the browser builds it from its stored cart. */
export interface CartRequestLineInput {
  productId: string;
  selectedSize: string | null;
  color: string | null;
  quantity: number;
}

export const cartRequestSchema = z
  .array(cartRequestLineSchema, { error: cartMessages.lines })
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
export function toRequestLines(lines: readonly CartLine[]): CartRequestLineInput[] {
  return lines.map(({ productId, selectedSize, color, quantity }) => ({ productId, selectedSize, color, quantity }));
}

const storedLineSchema = z.object({
  productId: z.string().refine(isUuid),
  title: z.string().max(500),
  priceCents: z.number().int().min(0).max(1_000_000_000),
  quantity: quantityField,
  imageUrls: z.array(z.string().max(2048)).max(MAX_IMAGES_PER_PRODUCT),
  selectedSize: sizeField,
  color: colorField,
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
