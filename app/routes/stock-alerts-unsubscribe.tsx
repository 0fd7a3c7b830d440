import { data, Form, Link } from "react-router";
import { stockAlertTexts } from "../../domain/stock-alert-texts";
import { AuthPanel, FormAlert, primaryButtonClass } from "~/components/ui/form-field";
import { pageMeta } from "~/lib/store";
import type { Route } from "./+types/stock-alerts-unsubscribe";

export const meta = () => [...pageMeta(stockAlertTexts.unsubscribeTitle), { name: "robots", content: "noindex" }];

/**
 * The one-click unsubscribe of the back-in-stock e-mails (RFC 8058, decision 061). The link
 * carries a signed token, so no login is needed. A GET only shows the question and a button
 * (mail scanners follow links: a GET changes nothing); a POST to the same address
 * (server/http/unsubscribe-route.ts, outside React Router: mail clients post from other origins)
 * cancels every waiting stock alert of the token's shopper, whether the button sent it or the mail
 * client's "List-Unsubscribe=One-Click", and sends a browser back here with `done=1`.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const token = query.get("token");
  const valid = context.services.stockAlerts.tokenValid(token);
  // `done` only chooses the words after the POST (server/http/unsubscribe-route.ts) sent the browser back.
  return data({ valid, done: query.get("done") === "1", token: valid ? token : null }, { status: valid ? 200 : 400 });
}

export default function StockAlertsUnsubscribe({ loaderData }: Route.ComponentProps) {
  const state = loaderData;
  return (
    <AuthPanel title={stockAlertTexts.unsubscribeTitle}>
      {!state.valid ? (
        <FormAlert>{stockAlertTexts.badLink}</FormAlert>
      ) : state.done ? (
        <FormAlert tone="success">{stockAlertTexts.unsubscribed}</FormAlert>
      ) : (
        <Form
          method="post"
          reloadDocument
          action={`/stock-alerts/unsubscribe?token=${encodeURIComponent(loaderData.token ?? "")}`}
          replace
          className="space-y-6"
        >
          <p className="text-sm text-stone-700">{stockAlertTexts.unsubscribeAsk}</p>
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <button type="submit" className={primaryButtonClass}>
            {stockAlertTexts.unsubscribeButton}
          </button>
        </Form>
      )}
      <p className="mt-6 text-sm">
        <Link to="/" className="font-medium text-brand-700 underline underline-offset-2">
          Continue shopping
        </Link>
      </p>
    </AuthPanel>
  );
}
