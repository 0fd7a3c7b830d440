import { firstNameOf } from "../../domain/greeting";
import { productChoicePath } from "../../domain/stock-alerts";
import { type VariantChoice, variantLabel } from "../../domain/variants";
import { composeMail } from "../mail/layout";
import type { MailMessage } from "../mail/outbox";

/** Where the e-mail's one-click unsubscribe goes (GET shows a page with a button; POST cancels). */
export const unsubscribePath = (token: string) => `/stock-alerts/unsubscribe?token=${encodeURIComponent(token)}`;

/**
 * "Back in stock" (docs/product.md "Stock alerts"): one e-mail per spent request, queued in the
 * transaction that restocked the combination. The button opens the product with the size and
 * colour chosen; the List-Unsubscribe headers (RFC 8058) and the link at the end cancel the
 * shopper's other waiting stock alerts without a login.
 */
export function backInStockEmail(
  alert: { email: string; name: string | null; productId: string; productTitle: string; choice: VariantChoice },
  publicUrl: string,
  token: string,
): MailMessage {
  const label = variantLabel(alert.choice);
  const unsubscribe = `${publicUrl}${unsubscribePath(token)}`;
  return {
    ...composeMail({
      to: alert.email,
      subject: `Back in stock: ${alert.productTitle} (${label})`,
      name: firstNameOf(alert.name ?? ""),
      blocks: [
        `${alert.productTitle} in ${label} is back in stock. You asked us to tell you.`,
        "Pieces go to whoever checks out first, so it may sell out again.",
      ],
      action: { label: "See the product", url: `${publicUrl}${productChoicePath(alert.productId, alert.choice)}` },
      note: "This was a one-time email: your stock alert for it is used up.",
      unsubscribe: { text: "Do not want stock alerts?", label: "Stop my stock alerts", url: unsubscribe },
    }),
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
