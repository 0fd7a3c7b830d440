import type { Quote } from "../../domain/checkout-line";
import {
  type DiscountRefusal,
  discountAmount,
  discountedTotals,
  discountRefusal,
  discountRefusalMessage,
  isCodeText,
  normaliseCode,
} from "../../domain/discounts";
import type { Database } from "../db/client";
import { customerUses, findCode, ruleOf } from "./codes";

/** A code priced against a subtotal: what it takes off, or why it does not apply. */
export type PricedCode =
  | { ok: true; discountId: string; code: string; discountCents: number }
  | { ok: false; code: string; reason: DiscountRefusal; message: string };

/**
 * Prices discount codes (docs/decisions/034-discount-codes.md). The quote's lines are priced
 * first (server/cart/pricing.ts); the code then takes its share off the subtotal, and the tax
 * is worked out again on what is left. The browser's word on an amount is never read.
 */
export function createDiscountPricing(deps: { db: Database; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  async function price(rawCode: string, subtotalCents: number, userId: string): Promise<PricedCode> {
    const code = normaliseCode(rawCode);
    const refused = (reason: DiscountRefusal, rule?: { minSubtotalCents: number }): PricedCode => ({
      ok: false,
      code,
      reason,
      message: discountRefusalMessage(reason, rule),
    });
    if (!isCodeText(code)) return refused("unknown");
    const row = await findCode(deps.db, code);
    if (!row) return refused("unknown");
    const uses = row.perCustomerLimit === null ? 0 : await customerUses(deps.db, row.id, userId);
    const rule = ruleOf(row);
    const reason = discountRefusal(rule, { now: now(), subtotalCents, customerUses: uses });
    if (reason) return refused(reason, rule);
    return { ok: true, discountId: row.id, code, discountCents: discountAmount(rule, subtotalCents) };
  }

  return {
    price,

    /**
     * The quote with the code's discount in its totals, or, when the code does not apply, the
     * quote as it was with the reason (the cart keeps working without the discount).
     */
    async applyToQuote(
      quote: Quote,
      rawCode: string | null | undefined,
      userId: string,
    ): Promise<Quote & { priced?: PricedCode }> {
      if (!rawCode) return quote;
      const priced = await price(rawCode, quote.subtotalCents, userId);
      if (!priced.ok)
        return { ...quote, discountCents: 0, discountCode: null, discountMessage: priced.message, priced };
      const totals = discountedTotals(quote.subtotalCents, priced.discountCents, quote.shippingCents);
      return { ...quote, ...totals, discountCode: priced.code, discountMessage: null, priced };
    },
  };
}

export type DiscountPricing = ReturnType<typeof createDiscountPricing>;
