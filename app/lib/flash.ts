import { messages } from "../../domain/messages";
import { cartTexts } from "../../domain/shop-messages";
import { stockAlertTexts as alert } from "../../domain/stock-alert-texts";

/**
 * One-shot messages shown after a redirect ("Login successful!" on the page the login sends
 * you to). The cookie holds only a key of this catalogue, never text, so nothing a visitor
 * puts in a cookie or a link can make the store display arbitrary words.
 */
export const FLASH = {
  "login.success": { type: "success", text: messages.login.success },
  "google.success": { type: "success", text: messages.google.success },
  "google.failure": { type: "error", text: messages.google.failure },
  "register.success": { type: "success", text: messages.register.success },
  "verify.success": { type: "success", text: "Your email is verified. You can now log in." },
  "reset.success": { type: "success", text: "Your password has been changed. You can now log in." },
  "logout.success": { type: "success", text: "You have been signed out." },
  "cart.added": { type: "success", text: cartTexts.added },
  "cart.failure": { type: "error", text: cartTexts.failure },
  "cart.loginToAdd": { type: "error", text: cartTexts.loginToAdd },
  "alert.created": { type: "success", text: alert.created },
  "alert.cancelled": { type: "success", text: alert.cancelled },
  "alert.loginRequired": { type: "error", text: alert.loginRequired },
  "alert.unverified": { type: "error", text: alert.unverified },
  "alert.inStock": { type: "info", text: alert.inStock },
  "alert.notOffered": { type: "error", text: alert.notOffered },
  "alert.limit": { type: "error", text: alert.limit },
  "alert.tooMany": { type: "error", text: alert.tooMany },
  "alert.failure": { type: "error", text: alert.failure },
} as const satisfies Record<string, { type: "success" | "error" | "info"; text: string }>;

export type FlashKey = keyof typeof FLASH;
export interface FlashToast {
  id: string;
  type: "success" | "error" | "info";
  text: string;
}

const COOKIE = "threadline.flash";

function attributes(secure: boolean, maxAge: number) {
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Set-Cookie value that shows `key` on the next page. */
export function flashCookie(key: FlashKey, secure: boolean): string {
  const id = Math.random().toString(36).slice(2, 10);
  return `${COOKIE}=${key}~${id}; ${attributes(secure, 60)}`;
}

export function clearFlashCookie(secure: boolean): string {
  return `${COOKIE}=; ${attributes(secure, 0)}`;
}

/** The flash message of a request, if its cookie names one of the catalogue. */
export function readFlash(request: Request): FlashToast | null {
  const cookie = request.headers.get("cookie") ?? "";
  const raw = cookie
    .split(/;\s*/)
    .find((part) => part.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (!raw) return null;
  const [key, id = "0"] = raw.split("~");
  if (!Object.hasOwn(FLASH, key) || !/^[a-z0-9]{1,10}$/.test(id)) return null;
  const entry = FLASH[key as FlashKey];
  return { id, type: entry.type, text: entry.text };
}

export const isSecureUrl = (publicUrl: string) => publicUrl.startsWith("https://");
