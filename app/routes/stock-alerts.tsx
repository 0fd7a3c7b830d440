import { redirect } from "react-router";
import { isUuid } from "../../domain/ids";
import { loginPathFor } from "../../domain/redirects";
import { productChoicePath } from "../../domain/stock-alerts";
import { stockAlertTexts } from "../../domain/stock-alert-texts";
import { type FlashKey, flashCookie, isSecureUrl } from "~/lib/flash";
import { refusalOf } from "~/lib/page-failure.server";
import type { Route } from "./+types/stock-alerts";

/**
 * "Notify me" and its Cancel (docs/product.md "Stock alerts", decision 061): plain forms posted
 * here, with or without JavaScript. Every answer is a redirect with a toast: back to the product
 * with the size and colour chosen, or to the profile's list. A visitor goes to the login, which
 * comes back to the product with the same choice.
 */

/** Nothing to show here: the list is on the profile. */
export function loader() {
  return redirect("/profile#stock-alerts");
}

const text = (value: FormDataEntryValue | null) => (typeof value === "string" && value !== "" ? value : null);

/**
 * The size and colour posted: as two fields (the chosen combination's form), or as one `variant`
 * (the sold-out list's select, its value `["M","Black"]` as domain/variants.ts variantKey writes it).
 */
function choiceOf(form: FormData): { size: string | null; color: string | null } {
  const variant = form.get("variant");
  if (typeof variant !== "string") return { size: text(form.get("size")), color: text(form.get("color")) };
  try {
    const parsed: unknown = variant.length <= 200 ? JSON.parse(variant) : null;
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((p) => p === null || typeof p === "string"))
      return { size: parsed[0], color: parsed[1] };
  } catch {
    // Not a combination: refused below as one the product does not have.
  }
  return { size: "?", color: null };
}

/** The toast of a refusal: the service's sentence, by its catalogue key (the cookie carries keys only). */
function refusalKey(kind: string, message: string): FlashKey {
  if (kind === "rate_limited") return "alert.tooMany";
  const byText: [string, FlashKey][] = [
    [stockAlertTexts.unverified, "alert.unverified"],
    [stockAlertTexts.inStock, "alert.inStock"],
    [stockAlertTexts.notOffered, "alert.notOffered"],
    [stockAlertTexts.limit, "alert.limit"],
  ];
  return byText.find(([sentence]) => sentence === message)?.[1] ?? "alert.failure";
}

export async function action({ request, context }: Route.ActionArgs) {
  const secure = isSecureUrl(context.config.publicUrl);
  const form = await request.formData();
  const intent = form.get("intent");
  const productId = text(form.get("productId"));
  const choice = choiceOf(form);
  // Only a product id can come back as a page address; anything else returns to the profile.
  const back =
    intent === "request" && isUuid(productId) ? productChoicePath(productId, choice) : "/profile#stock-alerts";
  const viewer = await context.services.auth.viewer(request);
  if (!viewer) {
    return redirect(loginPathFor(back), { headers: { "Set-Cookie": flashCookie("alert.loginRequired", secure) } });
  }
  let key: FlashKey;
  try {
    if (intent === "request") {
      await context.services.stockAlerts.request(viewer.id, { productId, ...choice });
      key = "alert.created";
    } else if (intent === "cancel") {
      await context.services.stockAlerts.cancel(viewer.id, form.get("alertId"));
      key = "alert.cancelled";
    } else {
      key = "alert.failure";
    }
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    key = refusalKey(refusal.kind, refusal.message);
  }
  return redirect(back, { status: 303, headers: { "Set-Cookie": flashCookie(key, secure) } });
}
