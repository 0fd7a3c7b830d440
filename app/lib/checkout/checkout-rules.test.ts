import { describe, expect, it } from "vitest";
import { loadPaypalSdk, paypalSdkUrl } from "~/lib/paypal-sdk";
import { addressOptionLabel, type CheckoutAddress, preselectedAddressId } from "~/components/checkout/address-fields";
import { type DiscountCheck, withDiscount } from "~/lib/cart-check";
import { isSandboxWalletMessage, SANDBOX_WALLET_MESSAGE, sandboxReturnPath } from "./sandbox-wallet-window";

const address = (overrides: Partial<CheckoutAddress> = {}): CheckoutAddress => ({
  id: "a1",
  name: "Ada Shopper",
  street: "12 Loom Street",
  city: "Portland",
  state: "OR",
  zipCode: "97201",
  country: "United States",
  phone: "555",
  isDefault: false,
  ...overrides,
});

describe("withDiscount", () => {
  const totals = { subtotalCents: 8900, taxCents: 890, shippingCents: 10, totalCents: 9800 };
  const check = (code: string | null, cents: number): DiscountCheck => ({
    asked: "SAVE15",
    code,
    cents,
    message: code ? null : "This discount code has expired.",
  });
  it.each<[string, DiscountCheck | null, object]>([
    ["no code", null, totals],
    ["a refused code", check(null, 0), totals],
    [
      "15 % of $89.00",
      check("SAVE15", 1335),
      {
        subtotalCents: 8900,
        discountCents: 1335,
        taxCents: 757,
        shippingCents: 10,
        totalCents: 8332,
        discountCode: "SAVE15",
      },
    ],
    [
      "a discount above a smaller cart's subtotal",
      check("SAVE15", 9999),
      {
        subtotalCents: 8900,
        discountCents: 8900,
        taxCents: 0,
        shippingCents: 10,
        totalCents: 10,
        discountCode: "SAVE15",
      },
    ],
  ])("%s", (_name, discount, expected) => expect(withDiscount(totals, discount)).toEqual(expected));
});

describe("addresses", () => {
  it("labels options with name, street, city and '(Default)'", () => {
    expect(addressOptionLabel(address({ isDefault: true }))).toBe("Ada Shopper - 12 Loom Street, Portland (Default)");
    expect(addressOptionLabel(address())).toBe("Ada Shopper - 12 Loom Street, Portland");
  });

  it.each([
    ["the default", [address({ id: "a" }), address({ id: "b", isDefault: true })], "b"],
    ["the first when none is default", [address({ id: "a" }), address({ id: "b" })], "a"],
    ["nothing without addresses", [], ""],
  ])("preselects %s", (_name, list, id) => {
    expect(preselectedAddressId(list)).toBe(id);
  });
});

describe("sandbox wallet messages", () => {
  it.each([
    [{ type: SANDBOX_WALLET_MESSAGE, orderId: "SANDBOX1", decision: "approved" }, true],
    [{ type: SANDBOX_WALLET_MESSAGE, orderId: "SANDBOX1", decision: "cancelled" }, true],
    [{ type: SANDBOX_WALLET_MESSAGE, orderId: "SANDBOX1", decision: "captured" }, false],
    [{ type: "other", orderId: "SANDBOX1", decision: "approved" }, false],
    [{ type: SANDBOX_WALLET_MESSAGE, orderId: 7, decision: "approved" }, false],
    [null, false],
    ["approved", false],
  ])("%j is ours: %s", (message, ours) => {
    expect(isSandboxWalletMessage(message)).toBe(ours);
  });

  it("comes back to the checkout with the decision", () => {
    expect(sandboxReturnPath("SANDBOX1", "approved")).toBe("/checkout?paypal=approved&order=SANDBOX1");
  });
});

describe("PayPal's JS SDK", () => {
  it("is loaded from PayPal with capture intent in US dollars", () => {
    expect(paypalSdkUrl("AbC-123")).toBe("https://www.paypal.com/sdk/js?client-id=AbC-123&currency=USD&intent=capture");
    expect(paypalSdkUrl("a&b=c")).toBe("https://www.paypal.com/sdk/js?client-id=a%26b%3Dc&currency=USD&intent=capture");
  });

  /** A document with just enough of script loading for the loader. */
  function fakeDocument() {
    const scripts: {
      src: string;
      listeners: Record<string, () => void>;
      removed: boolean;
      dataset: Record<string, string>;
    }[] = [];
    const view: { paypal?: unknown } = {};
    const doc = {
      defaultView: view,
      createElement: () => {
        const script = {
          src: "",
          async: false,
          dataset: {} as Record<string, string>,
          listeners: {} as Record<string, () => void>,
          removed: false,
          addEventListener(type: string, listener: () => void) {
            script.listeners[type] = listener;
          },
          remove() {
            script.removed = true;
          },
        };
        return script;
      },
      head: { appendChild: (script: (typeof scripts)[number]) => scripts.push(script) },
    };
    return { doc: doc as unknown as Document, scripts, view };
  }

  it("adds the script once and resolves with window.paypal", async () => {
    const { doc, scripts, view } = fakeDocument();
    const first = loadPaypalSdk("client-once", doc);
    const second = loadPaypalSdk("client-once", doc);
    expect(scripts).toHaveLength(1);
    expect(scripts[0].src).toBe(paypalSdkUrl("client-once"));
    const paypal = { version: "fake" };
    view.paypal = paypal;
    scripts[0].listeners.load();
    expect(await first).toBe(paypal);
    expect(await second).toBe(paypal);
  });

  it("rejects when the script fails and tries again next time", async () => {
    const { doc, scripts } = fakeDocument();
    const failed = loadPaypalSdk("client-retry", doc);
    scripts[0].listeners.error();
    await expect(failed).rejects.toThrow("PayPal failed to load");
    expect(scripts[0].removed).toBe(true);
    void loadPaypalSdk("client-retry", doc).catch(() => {});
    expect(scripts).toHaveLength(2);
  });

  it("rejects when the script loads without defining paypal", async () => {
    const { doc, scripts } = fakeDocument();
    const loaded = loadPaypalSdk("client-empty", doc);
    scripts[0].listeners.load();
    await expect(loaded).rejects.toThrow("PayPal failed to load");
  });
});
