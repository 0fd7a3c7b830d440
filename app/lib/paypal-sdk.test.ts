import { describe, expect, it } from "vitest";
import { loadPaypalSdk, type PaypalNamespace } from "./paypal-sdk";

const SDK = { loaded: true } as unknown as PaypalNamespace;

/** Just enough of a document for the loader: a nonce'd script on the page, a head to append to. */
function fakeDocument(pageNonce: string | null) {
  const appended: Record<string, unknown>[] = [];
  const listeners = new Map<string, () => void>();
  const view: { paypal?: PaypalNamespace } = {};
  const doc = {
    defaultView: view,
    querySelector: (selector: string) => (selector === "script[nonce]" && pageNonce ? { nonce: pageNonce } : null),
    createElement: () => ({
      dataset: {} as Record<string, string>,
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
      remove: () => {},
    }),
    head: { appendChild: (element: Record<string, unknown>) => appended.push(element) },
  };
  return { doc: doc as unknown as Document, appended, load: () => listeners.get("load")?.(), view };
}

describe("loadPaypalSdk", () => {
  it("gives PayPal's script the page's CSP nonce, for the styles and scripts the SDK adds", async () => {
    const page = fakeDocument("abc123==");
    const loading = loadPaypalSdk("nonce-client", page.doc);
    const [script] = page.appended as { nonce?: string; dataset: Record<string, string>; src: string }[];
    expect(script.src).toContain("client-id=nonce-client");
    expect(script.nonce).toBe("abc123==");
    expect(script.dataset.cspNonce).toBe("abc123==");
    page.view.paypal = SDK;
    page.load();
    await expect(loading).resolves.toBe(page.view.paypal);
  });

  it("adds no nonce when the page has none", () => {
    const page = fakeDocument(null);
    void loadPaypalSdk("plain-client", page.doc).catch(() => {});
    const [script] = page.appended as { nonce?: string; dataset: Record<string, string> }[];
    expect(script.nonce).toBeUndefined();
    expect(script.dataset.cspNonce).toBeUndefined();
  });
});
