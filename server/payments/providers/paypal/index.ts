import type { PaymentObservation, ObservedState } from "../../../../domain/payment-decision";
import { isStorePayee } from "../../../../domain/paypal-payee";
import type { PaymentProvider } from "../../provider";
import { createPaypalProvider, PAYPAL_ORDER_ID, type PaypalOptions } from "./paypal";
import { isWalletRefusal, type PaypalApi, type WalletOrder } from "./types";

/** PayPal's words for an order and its capture, in the store's (domain/payment-decision.ts). */
export function paypalState(order: Pick<WalletOrder, "status" | "capture">): ObservedState {
  if (order.status === "VOIDED") return "expired";
  if (order.status !== "COMPLETED") return "open";
  switch (order.capture?.status) {
    case "COMPLETED":
      return "paid";
    case "PENDING":
      return "pending";
    default:
      // Declined, failed, or already given back: no money of the store's.
      return "failed";
  }
}

/** A PayPal order as an observation; `toStore` is the payee check of decision 040. */
export function observePaypalOrder(order: WalletOrder, toStore: boolean): PaymentObservation {
  const capture = order.capture;
  return {
    ref: order.id,
    state: paypalState(order),
    providerStatus: capture?.status ?? order.status,
    checkoutId: order.customId,
    amountCents: capture?.amountCents ?? null,
    currency: capture?.currency || null,
    paymentRef: capture?.id ?? null,
    toStore,
  };
}

/**
 * A PayPal-shaped client (the REST API, or the sandbox's book of the same shape) as a payment
 * provider: the store captures after the buyer approves, and only an order that pays the
 * store's own account (`storeAccount`) is reported as `toStore`.
 */
export function paypalPayments(
  api: Omit<PaypalApi, "mode">,
  shape: Pick<PaymentProvider, "id" | "sandbox" | "refPattern" | "browserOrders" | "sandboxPage">,
): PaymentProvider {
  async function observe(order: WalletOrder): Promise<PaymentObservation> {
    return observePaypalOrder(order, isStorePayee(order.payee, await api.storeAccount()));
  }
  return {
    ...shape,
    takes: "store-captures",
    async start(request) {
      const created = await api.createOrder(request);
      return { ref: created.id, status: created.status, url: created.approveUrl ?? null };
    },
    async read(ref) {
      const order = await api.getOrder(ref);
      return order ? observe(order) : null;
    },
    async capture(ref, requestId) {
      const answer = await api.captureOrder(ref, requestId);
      return isWalletRefusal(answer) ? { refused: answer.issue } : observe(answer);
    },
    // PayPal's capture id is what a refund names; the key makes a retry answer the first refund.
    refund: (paymentRef, key, amountCents) => api.refundCapture(paymentRef, key, amountCents),
    // A PayPal order nobody approves lapses at PayPal by itself; the store only stops capturing it.
    close: async () => false,
  };
}

/** The PayPal registration (server/payments/registry.ts). */
export function createPaypalPayments(options: PaypalOptions): PaymentProvider {
  return paypalPayments(createPaypalProvider(options), {
    id: "paypal",
    sandbox: false,
    refPattern: PAYPAL_ORDER_ID,
    browserOrders: true,
  });
}
