/**
 * Checks the browser's cart against the server when the cart page is shown: the server's
 * quote is the truth for prices, availability and stock, and the stored cart is brought in
 * line with it (gone products removed, prices refreshed) with a notice for each change.
 */
import { useEffect, useRef, useState } from "react";
import { type CartLine, lineKey } from "../../domain/cart";
import { toRequestLines } from "../../domain/cart-storage";
import { formatMoney } from "../../domain/money";
import type { Quote, QuotedLine, Totals } from "../../domain/checkout-line";
import { discountedTotals } from "../../domain/discounts";
import { readCart, replaceCart, setUnavailableLines } from "./cart";

export interface Reconciled {
  lines: CartLine[];
  /** Something in the stored cart must be rewritten. */
  changed: boolean;
  notices: string[];
  /** Lines that cannot be bought as they are, by lineKey. */
  problems: Map<string, QuotedLine>;
}

/**
 * Applies a quote to the cart as it is now (it may have changed in another tab meanwhile:
 * lines are matched by product, size and colour, and a line the quote did not cover is kept).
 */
export function reconcileCart(lines: readonly CartLine[], quote: Pick<Quote, "lines">): Reconciled {
  const priced = new Map(quote.lines.map((line) => [lineKey(line), line]));
  const notices: string[] = [];
  const problems = new Map<string, QuotedLine>();
  const kept: CartLine[] = [];
  let changed = false;
  for (const line of lines) {
    const key = lineKey(line);
    const verdict = priced.get(key);
    if (!verdict) {
      kept.push(line);
      continue;
    }
    if (verdict.problem === "not_found") {
      changed = true;
      notices.push(`“${line.title}” is no longer available and was removed from your cart.`);
      continue;
    }
    if (verdict.unitPriceCents !== line.priceCents) {
      notices.push(
        `The price of “${verdict.title}” changed from ${formatMoney(line.priceCents)} to ${formatMoney(verdict.unitPriceCents)}.`,
      );
    }
    const fresh: CartLine = {
      ...line,
      title: verdict.title,
      priceCents: verdict.unitPriceCents,
      imageUrls: verdict.imageUrls,
    };
    if (
      fresh.priceCents !== line.priceCents ||
      fresh.title !== line.title ||
      JSON.stringify(fresh.imageUrls) !== JSON.stringify(line.imageUrls)
    ) {
      changed = true;
    }
    if (verdict.problem) problems.set(key, verdict);
    kept.push(fresh);
  }
  return { lines: kept, changed, notices, problems };
}

/**
 * The browser's totals with the discount as the server last priced it (capped at the subtotal
 * shown; a changed cart is checked again a moment later, and the payment start prices it anew).
 */
export function withDiscount(
  totals: Totals,
  discount: DiscountCheck | null,
): Totals & { discountCode?: string | null } {
  if (!discount?.code || !discount.cents || totals.subtotalCents === 0) return totals;
  return {
    ...discountedTotals(totals.subtotalCents, discount.cents, totals.shippingCents),
    discountCode: discount.code,
  };
}

export type CheckStatus = "idle" | "checking" | "checked" | "failed";

/** The server's word on the discount code sent with the check (docs/decisions/034-discount-codes.md). */
export interface DiscountCheck {
  /** The code the check was for. */
  asked: string;
  /** The code applied (normalised), or null when it does not apply. */
  code: string | null;
  cents: number;
  /** Why it does not apply. */
  message: string | null;
}

export interface CartCheck {
  status: CheckStatus;
  /** The last answer about the discount code, when one was sent. */
  discount: DiscountCheck | null;
  problems: Map<string, QuotedLine>;
  notices: string[];
  dismissNotices: () => void;
}

const NO_PROBLEMS = new Map<string, QuotedLine>();
/** Quantity clicks come in bursts; one check after the burst is enough. */
const SETTLE_MS = 250;

/** Checks the cart (and its discount code) with POST /api/cart/quote whenever what is being bought changes. */
export function useCartCheck(
  lines: readonly CartLine[],
  enabled: boolean,
  discountCode: string | null = null,
): CartCheck {
  const [status, setStatus] = useState<CheckStatus>("idle");
  const [discount, setDiscount] = useState<DiscountCheck | null>(null);
  const [problems, setProblems] = useState(NO_PROBLEMS);
  const [notices, setNotices] = useState<string[]>([]);
  const first = useRef(true);
  // Prices and titles do not change what is asked, so refreshing them does not start another check.
  const request = JSON.stringify(toRequestLines(lines));

  useEffect(() => {
    const requested = JSON.parse(request) as unknown[];
    if (!enabled || requested.length === 0) {
      setProblems(NO_PROBLEMS);
      if (requested.length === 0) setUnavailableLines([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(
      async () => {
        setStatus("checking");
        try {
          const response = await fetch("/api/cart/quote", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(discountCode ? { lines: requested, discountCode } : { lines: requested }),
            credentials: "same-origin",
            signal: controller.signal,
          });
          if (!response.ok) throw new Error(`quote answered ${response.status}`);
          const quote = (await response.json()) as Quote;
          setDiscount(
            discountCode
              ? {
                  asked: discountCode,
                  code: quote.discountCode ?? null,
                  cents: quote.discountCents ?? 0,
                  message: quote.discountMessage ?? null,
                }
              : null,
          );
          const result = reconcileCart(readCart(), quote);
          if (result.changed) replaceCart(result.lines);
          setProblems(result.problems.size ? result.problems : NO_PROBLEMS);
          setUnavailableLines(result.problems.keys());
          if (result.notices.length) setNotices((old) => [...old, ...result.notices]);
          setStatus("checked");
        } catch (error) {
          if (controller.signal.aborted) return;
          console.warn("cart check failed", error);
          setStatus("failed");
        }
      },
      first.current ? 0 : SETTLE_MS,
    );
    first.current = false;
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [request, enabled, discountCode]);

  return {
    status,
    discount: discountCode && discount?.asked === discountCode ? discount : null,
    problems,
    notices,
    dismissNotices: () => setNotices([]),
  };
}
