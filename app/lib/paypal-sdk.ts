/**
 * PayPal's JS SDK, loaded from PayPal as its documentation prescribes (a script tag; the
 * store has no npm wrapper for it). Loaded once per client id, on the checkout only, and
 * only when real PayPal keys are configured: the sandbox needs no script.
 */

/** The parts of the SDK's Buttons API the checkout uses. */
export interface PaypalButtonsActions {
  order: {
    create(order: {
      intent: "CAPTURE";
      purchase_units: { amount: { currency_code: string; value: string }; custom_id?: string; invoice_id?: string }[];
    }): Promise<string>;
    capture(): Promise<{ id: string; status: string }>;
  };
}

export interface PaypalButtonsOptions {
  style: { layout: "vertical"; shape: "rect"; color: "gold"; label?: string };
  createOrder(data: unknown, actions: PaypalButtonsActions): Promise<string>;
  onApprove(data: { orderID: string }, actions: PaypalButtonsActions): Promise<void>;
  onCancel(data: { orderID?: string }): void;
  onError(error: unknown): void;
}

export interface PaypalButtonsInstance {
  render(container: HTMLElement): Promise<void>;
  close(): Promise<void>;
  isEligible(): boolean;
}

export interface PaypalNamespace {
  Buttons(options: PaypalButtonsOptions): PaypalButtonsInstance;
}

declare global {
  interface Window {
    paypal?: PaypalNamespace;
  }
}

export const PAYPAL_SDK_ORIGIN = "https://www.paypal.com";

/** The SDK's address: capture intent, US dollars (docs/product.md §7 and §9). */
export function paypalSdkUrl(clientId: string): string {
  const query = new URLSearchParams({ "client-id": clientId, currency: "USD", intent: "capture" });
  return `${PAYPAL_SDK_ORIGIN}/sdk/js?${query.toString()}`;
}

const loading = new Map<string, Promise<PaypalNamespace>>();

/** Adds the SDK's script once and resolves with `window.paypal`; a failed load can be tried again. */
export function loadPaypalSdk(clientId: string, doc: Document = document): Promise<PaypalNamespace> {
  const src = paypalSdkUrl(clientId);
  const pending = loading.get(src);
  if (pending) return pending;
  const promise = new Promise<PaypalNamespace>((resolve, reject) => {
    const script = doc.createElement("script");
    script.src = src;
    script.async = true;
    script.dataset.paypalSdk = "";
    // The page's CSP nonce (browsers hide the attribute, not the property): PayPal puts it on
    // the inline styles and scripts it adds, which the store's policy would otherwise block.
    const nonce = doc.querySelector?.<HTMLScriptElement>("script[nonce]")?.nonce;
    if (nonce) {
      script.nonce = nonce;
      script.dataset.cspNonce = nonce;
    }
    script.addEventListener("load", () => {
      const paypal = doc.defaultView?.paypal;
      if (paypal) resolve(paypal);
      else reject(new Error("PayPal failed to load"));
    });
    script.addEventListener("error", () => {
      script.remove();
      reject(new Error("PayPal failed to load"));
    });
    doc.head.appendChild(script);
  });
  loading.set(src, promise);
  promise.catch(() => loading.delete(src));
  return promise;
}
