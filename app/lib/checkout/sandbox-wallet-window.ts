/**
 * The sandbox wallet's approval step in its own window, the way PayPal's buttons open theirs:
 * the window opens on the click (so no popup blocker stops it), shows a holding text while the
 * order is created, then goes to /sandbox/paypal/:id, whose Approve or Cancel is sent back here
 * with postMessage. Closing the window without choosing is a cancel, as with PayPal.
 */

export const SANDBOX_WALLET_MESSAGE = "threadline:sandbox-paypal";

export type SandboxDecision = "approved" | "cancelled";

export interface SandboxWalletMessage {
  type: typeof SANDBOX_WALLET_MESSAGE;
  orderId: string;
  decision: SandboxDecision;
}

export function isSandboxWalletMessage(value: unknown): value is SandboxWalletMessage {
  const message = value as Partial<SandboxWalletMessage> | null;
  return (
    typeof message === "object" &&
    message !== null &&
    message.type === SANDBOX_WALLET_MESSAGE &&
    typeof message.orderId === "string" &&
    (message.decision === "approved" || message.decision === "cancelled")
  );
}

export const sandboxApprovalPath = (orderId: string) => `/sandbox/paypal/${encodeURIComponent(orderId)}`;

/** Where the approval page sends the shopper back to when it was opened in the same tab. */
export const sandboxReturnPath = (orderId: string, decision: SandboxDecision) =>
  `/checkout?paypal=${decision}&order=${encodeURIComponent(orderId)}`;

/** Opens the approval window at once, inside the click; null when the browser blocked it. */
export function openApprovalWindow(): Window | null {
  const popup = window.open("", "threadline-paypal-sandbox", "popup,width=480,height=760");
  if (!popup) return null;
  try {
    popup.document.title = "PayPal (sandbox)";
    popup.document.body.style.cssText =
      "font:16px system-ui,sans-serif;color:#1c1917;text-align:center;padding:3rem 1rem";
    popup.document.body.textContent = "Opening the PayPal sandbox...";
  } catch {
    // A window that cannot be written to is still usable: it is sent to the approval page next.
  }
  return popup;
}

/** Sends the window to the approval page and waits for the buyer's decision. */
export function awaitSandboxDecision(popup: Window, orderId: string): Promise<SandboxDecision> {
  popup.location.href = sandboxApprovalPath(orderId);
  return new Promise((resolve) => {
    const finish = (decision: SandboxDecision) => {
      window.removeEventListener("message", onMessage);
      clearInterval(watch);
      try {
        popup.close();
      } catch {
        // Already closed.
      }
      resolve(decision);
    };
    const onMessage = (event: MessageEvent) => {
      // Only our own page in our own window may decide.
      if (event.origin !== window.location.origin || event.source !== popup) return;
      if (isSandboxWalletMessage(event.data) && event.data.orderId === orderId) finish(event.data.decision);
    };
    window.addEventListener("message", onMessage);
    // The approval page never closes itself, so a closed window means the buyer walked away.
    const watch = setInterval(() => {
      if (popup.closed) finish("cancelled");
    }, 400);
  });
}
