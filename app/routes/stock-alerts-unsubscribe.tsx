import { data, Form, Link } from "react-router";
import { stockAlertTexts } from "../../domain/stock-alert-texts";
import { AuthPanel, FormAlert, primaryButtonClass } from "~/components/ui/form-field";
import { pageMeta } from "~/lib/store";
import type { Route } from "./+types/stock-alerts-unsubscribe";

export const meta = () => [...pageMeta(stockAlertTexts.unsubscribeTitle), { name: "robots", content: "noindex" }];

/**
 * The one-click unsubscribe of the back-in-stock e-mails (RFC 8058, decision 061). The link
 * carries a signed token, so no login is needed. A GET only shows the question and a button
 * (mail scanners follow links: a GET changes nothing); a POST to the same address cancels every
 * waiting stock alert of the token's shopper, whether the button sent it or the mail client's
 * "List-Unsubscribe=One-Click". A second POST finds nothing left and says the same.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const valid = context.services.stockAlerts.tokenValid(token);
  return data({ valid, done: false, token: valid ? token : null }, { status: valid ? 200 : 400 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const cancelled = await context.services.stockAlerts.unsubscribe(token);
  if (cancelled === null) return data({ valid: false, done: false }, { status: 400 });
  context.logger.info({ cancelled }, "stock alerts cancelled through the unsubscribe link");
  return { valid: true, done: true };
}

export default function StockAlertsUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  return (
    <AuthPanel title={stockAlertTexts.unsubscribeTitle}>
      {!state.valid ? (
        <FormAlert>{stockAlertTexts.badLink}</FormAlert>
      ) : state.done ? (
        <FormAlert tone="success">{stockAlertTexts.unsubscribed}</FormAlert>
      ) : (
        <Form
          method="post"
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
