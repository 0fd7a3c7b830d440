import { data, redirect } from "react-router";
import { parseQuantity } from "../../domain/cart-rules";
import { readPendingAdd, pendingAddPath, withoutPendingAdd } from "../../domain/pending-add";
import { loginPathFor } from "../../domain/redirects";
import type { Services } from "../../server/services";
import { flashCookie } from "./flash";
import { refusalOf } from "./page-failure.server";

/** What the product page's action answers to a refused "Add to cart" without JavaScript. */
export interface CartActionRefusal {
  ok: false;
  intent: "add-to-cart";
  error: string;
  id: number;
}

const text = (value: FormDataEntryValue | null) => (typeof value === "string" && value !== "" ? value : null);

/** A random token for one pending add (domain/pending-add.ts). */
export function newAddToken(): string {
  return crypto.randomUUID().replaceAll("-", "");
}

/**
 * "Add to cart" posted as a form (the product page without JavaScript, docs/product.md §4): a
 * signed-in shopper's choice goes into the cart the server keeps for them and the page comes
 * back with "Added to cart"; a visitor is sent to /login with "Please login to add items to
 * cart", and comes back to the product with the choice added once they have signed in.
 * Only product (from the address), size, colour and quantity are read.
 */
export async function addToCartAction(
  request: Request,
  form: FormData,
  productId: string,
  services: Services,
  secure: boolean,
) {
  const choice = {
    productId,
    selectedSize: text(form.get("size")),
    color: text(form.get("color")),
    quantity: parseQuantity(form.get("quantity")),
  };
  const viewer = await services.auth.viewer(request);
  if (!viewer) {
    // Only a choice that reads back whole travels; anything else comes back to the bare page.
    const path = pendingAddPath(choice, newAddToken());
    const back = readPendingAdd(productId, new URL(path, "http://x.invalid").searchParams)
      ? path
      : `/product/${encodeURIComponent(productId)}`;
    return redirect(loginPathFor(back), { headers: { "Set-Cookie": flashCookie("cart.loginToAdd", secure) } });
  }
  try {
    await services.savedCarts.add(viewer.id, choice);
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return data<CartActionRefusal>(
      { ok: false, intent: "add-to-cart", error: refusal.message, id: Date.now() + Math.random() },
      { status: refusal.status, headers: refusal.headers },
    );
  }
  // Back to the page (a reload does not post again), where the cart's count shows the new pieces.
  return redirect(`/product/${encodeURIComponent(productId)}`, {
    status: 303,
    headers: { "Set-Cookie": flashCookie("cart.added", secure) },
  });
}

/**
 * A visitor's "Add to cart" carried through the login (domain/pending-add.ts): once signed in,
 * the product page's address adds the choice to the shopper's saved cart, once per token, and
 * sends the shopper on to the same address without it. A link from another site never adds
 * (Sec-Fetch-Site), and a refused choice says "Could not add to cart". Returns null when there
 * is nothing to do.
 */
export async function pendingAddRedirect(
  request: Request,
  productId: string,
  viewerId: string,
  services: Services,
  secure: boolean,
): Promise<Response | null> {
  const url = new URL(request.url);
  const pending = readPendingAdd(productId, url.searchParams);
  if (!pending) return null;
  // The .data request of a client navigation carries the page's own query.
  const pathname = url.pathname.replace(/\.data$/, "");
  const query = new URLSearchParams(url.searchParams);
  query.delete("_routes");
  const onward = withoutPendingAdd(pathname, query);
  const site = request.headers.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") return redirect(onward);
  let key: "cart.added" | "cart.failure" | null;
  try {
    const { added } = await services.savedCarts.add(viewerId, pending, pending.token);
    key = added ? "cart.added" : null;
  } catch (error) {
    if (!refusalOf(error)) throw error;
    key = "cart.failure";
  }
  return redirect(onward, key ? { headers: { "Set-Cookie": flashCookie(key, secure) } } : undefined);
}
