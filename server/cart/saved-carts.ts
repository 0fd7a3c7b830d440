import { eq, sql } from "drizzle-orm";
import { addLine, CartFullError, type CartLine, cartLineFromQuote, lineKey, MAX_CART_LINES } from "../../domain/cart";
import { mergeCarts, sameCart, withoutBought } from "../../domain/cart-merge";
import { parseQuantity } from "../../domain/cart-rules";
import { cartRequestErrorMessage, savedCartBodySchema } from "../../domain/cart-schemas";
import type { LineChoiceInput, Quote, QuotedLine } from "../../domain/checkout-line";
import { InvalidInputError } from "../../domain/errors";
import { readLineChoice } from "../../domain/line-choice";
import { lineProblemMessage } from "../../domain/payment-messages";
import { cartTexts } from "../../domain/shop-messages";
import type { Database } from "../db/client";
import { savedCarts } from "../db/schema";
import type { PricingExecutor, PricingService } from "./pricing";

/**
 * The cart the server keeps for each signed-in shopper (docs/decisions/050-server-cart.md), the
 * only writer of `saved_carts`. It keeps choices only (product, size, colour, quantity); every
 * line is checked against the catalogue before it is kept, and prices, titles and pictures are
 * always the catalogue's, never the browser's.
 */

/** The server's cart as a browser takes it: lines with the catalogue's title, price and pictures. */
export interface SavedCartView {
  lines: CartLine[];
  version: number;
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** What a line asked for that the catalogue cannot give at all: such a line is not kept. */
const GONE = new Set(["not_found", "invalid_size", "invalid_color"]);

/** The lines as stored, read defensively: a row written by hand cannot break a page. */
function storedLines(value: unknown): LineChoiceInput[] {
  if (!Array.isArray(value)) return [];
  const lines: LineChoiceInput[] = [];
  for (const item of value.slice(0, MAX_CART_LINES)) {
    const line = readLineChoice(item);
    if (line) lines.push(line);
  }
  return lines;
}

const choiceOf = ({ productId, selectedSize, color, quantity }: LineChoiceInput): LineChoiceInput => ({
  productId,
  selectedSize,
  color,
  quantity,
});

export function createSavedCartService(deps: { db: Database; pricing: PricingService }) {
  const { db, pricing } = deps;

  async function quote(lines: readonly LineChoiceInput[], executor: PricingExecutor = db): Promise<Quote | null> {
    return lines.length === 0 ? null : pricing.quote(lines, executor);
  }

  /**
   * The lines the catalogue still sells in that size and colour (stock aside: the cart marks
   * those). Inside a write, read through its transaction (PGlite has one connection).
   */
  async function kept(lines: readonly LineChoiceInput[], executor: PricingExecutor = db): Promise<LineChoiceInput[]> {
    const priced = await quote(lines, executor);
    return priced ? priced.lines.filter((line) => !GONE.has(line.problem ?? "")).map(choiceOf) : [];
  }

  function viewOf(quoted: readonly QuotedLine[], version: number): SavedCartView {
    return {
      version,
      lines: quoted.filter((line) => !GONE.has(line.problem ?? "")).map(cartLineFromQuote),
    };
  }

  async function readRow(executor: Pick<Database, "select">, userId: string, forUpdate = false) {
    const query = executor.select().from(savedCarts).where(eq(savedCarts.userId, userId));
    const [row] = forUpdate ? await query.for("update") : await query;
    return row ? { lines: storedLines(row.lines), version: row.version, lastAddToken: row.lastAddToken } : null;
  }

  /** One shopper's writes queue up, so two devices at once cannot both write over the same version. */
  async function locked<T>(userId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-cart:${userId}`}))`);
      return work(tx);
    });
  }

  async function write(tx: Tx, userId: string, lines: LineChoiceInput[], version: number, token?: string) {
    const values = {
      lines: lines.map(choiceOf),
      version,
      updatedAt: new Date(),
      ...(token ? { lastAddToken: token } : {}),
    };
    await tx
      .insert(savedCarts)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: savedCarts.userId, set: values });
  }

  /** The shopper's cart with the catalogue's prices; an empty one at version 0 when none is kept. */
  async function get(userId: string): Promise<SavedCartView> {
    const row = await readRow(db, userId);
    if (!row) return { lines: [], version: 0 };
    const priced = await quote(row.lines);
    return viewOf(priced?.lines ?? [], row.version);
  }

  /** The priced cart for the cart page rendered on the server (lines, problems and totals). */
  async function quoteFor(userId: string): Promise<{ quote: Quote | null; version: number }> {
    const row = await readRow(db, userId);
    const lines = row ? await kept(row.lines) : [];
    return { quote: await quote(lines), version: row?.version ?? 0 };
  }

  /** Applies `change` to the stored lines, checks the result against the catalogue and keeps it if it differs. */
  async function change(
    userId: string,
    edit: (current: LineChoiceInput[], version: number, lastAddToken: string | null) => LineChoiceInput[] | null,
    token?: string,
  ): Promise<SavedCartView> {
    await locked(userId, async (tx) => {
      const row = await readRow(tx, userId, true);
      const current = row?.lines ?? [];
      const version = row?.version ?? 0;
      const next = edit(current, version, row?.lastAddToken ?? null);
      if (next === null) return;
      const checked = await kept(next, tx);
      if (row && sameCart(checked, current) && !token) return;
      await write(tx, userId, checked, version + 1, token);
    });
    return get(userId);
  }

  return {
    get,
    quoteFor,

    /**
     * PUT /api/cart: the browser's cart, made on `baseVersion`. When that is still the server's
     * version, the browser's cart replaces it (its removals count); otherwise (another device
     * wrote since, or a sign-in's null) the two are merged by domain/cart-merge.ts. Input is the
     * request's body; anything but the line choices and the version is ignored.
     */
    async put(userId: string, body: unknown): Promise<SavedCartView> {
      const parsed = savedCartBodySchema.safeParse(body);
      if (!parsed.success) throw new InvalidInputError(cartRequestErrorMessage(parsed.error));
      const { lines, baseVersion } = parsed.data;
      return change(userId, (current, version) =>
        baseVersion === version ? mergeCarts([], lines) : mergeCarts(current, lines),
      );
    },

    /**
     * Adds one choice as "Add to cart" does (the same line adds to its quantity, capped at 99):
     * the product page's form without JavaScript, and a visitor's choice carried through the
     * login (`token`: a second call with the same token adds nothing). A product, size or
     * colour the catalogue does not have, or a sold-out choice, is refused with its message.
     */
    async add(
      userId: string,
      input: LineChoiceInput,
      token?: string,
    ): Promise<{ added: boolean; cart: SavedCartView }> {
      const choice = readLineChoice({ ...input, quantity: parseQuantity(input.quantity) });
      if (!choice) throw new InvalidInputError(cartTexts.failure);
      const [line] = (await pricing.quote([choice])).lines;
      if (line.problem === "invalid_size" && !choice.selectedSize) throw new InvalidInputError(cartTexts.selectSize);
      if (line.problem === "invalid_color" && !choice.color) throw new InvalidInputError(cartTexts.selectColor);
      if (line.problem) throw new InvalidInputError(lineProblemMessage({ ...line, problem: line.problem }));
      let added = false;
      const cart = await change(
        userId,
        (current, _version, lastAddToken) => {
          if (token && token === lastAddToken) return null;
          try {
            const next = addLine(current as CartLine[], { ...choice, title: "", priceCents: 0, imageUrls: [] });
            added = true;
            return next;
          } catch (error) {
            // A full cart refuses a new line rather than dropping one.
            if (error instanceof CartFullError) throw new InvalidInputError(error.message);
            throw error;
          }
        },
        token,
      );
      return { added, cart };
    },

    /** The cart page's quantity field without JavaScript: 1 to 99, a non-number is 1. */
    async setQuantity(userId: string, key: string, quantity: unknown): Promise<SavedCartView> {
      const q = parseQuantity(quantity);
      return change(userId, (current) =>
        current.some((line) => lineKey(line) === key)
          ? current.map((line) => (lineKey(line) === key ? { ...line, quantity: q } : line))
          : null,
      );
    },

    /**
     * A paid order's lines come off the shopper's saved cart (domain/cart-merge.ts withoutBought),
     * so another device, or a browser that never saw the payment page, does not offer them again.
     * The version moves on, so a browser still holding the old cart merges into what is left.
     */
    async removeBought(userId: string, bought: readonly LineChoiceInput[]): Promise<void> {
      // Most orders leave no saved cart to change (none kept, or without these lines): one read
      // says so without the shopper's lock (decision 062); a cart that changes after this read is
      // as if the lock had been taken first.
      const seen = await readRow(db, userId);
      if (!seen || sameCart(withoutBought(seen.lines, bought), seen.lines)) return;
      await locked(userId, async (tx) => {
        const row = await readRow(tx, userId, true);
        if (!row) return;
        const left = withoutBought(row.lines, bought);
        if (sameCart(left, row.lines)) return;
        await write(tx, userId, left, row.version + 1);
      });
    },

    /** The cart page's Remove without JavaScript. */
    async remove(userId: string, key: string): Promise<SavedCartView> {
      return change(userId, (current) =>
        current.some((line) => lineKey(line) === key) ? current.filter((line) => lineKey(line) !== key) : null,
      );
    },
  };
}

export type SavedCartService = ReturnType<typeof createSavedCartService>;
