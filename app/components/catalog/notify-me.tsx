import { Form, Link, useRouteLoaderData } from "react-router";
import { loginPathFor } from "../../../domain/redirects";
import { stockAlertTexts } from "../../../domain/stock-alert-texts";
import { productChoicePath } from "../../../domain/stock-alerts";
import { type VariantChoice, variantKey, variantLabel } from "../../../domain/variants";

const box = "rounded-xl border border-stone-200 bg-stone-50 p-4 text-sm";
const buttonClass =
  "h-11 rounded-full border border-ink px-5 font-semibold text-ink transition-colors hover:bg-ink hover:text-white";
const linkClass = "font-medium text-brand-700 underline underline-offset-2";

/**
 * "Notify me" for sold-out sizes and colours (docs/product.md "Stock alerts", decision 061).
 * Sold-out options cannot be picked (decision 049), so the sold-out combinations are offered in a
 * disclosure of their own, a plain form posted to /stock-alerts: it works without JavaScript.
 * A chosen combination that has just sold out gets the button directly. A visitor gets a link to
 * the login that comes back to the product; combinations the shopper waits for already are named.
 */
export function NotifyMe({
  productId,
  soldOut,
  chosen,
  signedIn,
}: {
  productId: string;
  /** The product's combinations with nothing left. */
  soldOut: readonly VariantChoice[];
  /** The shopper's whole choice when it is one of them. */
  chosen: VariantChoice | null;
  signedIn: boolean;
}) {
  // The product route's loader names them (a type import of the route would make an import cycle).
  const waitingFor =
    (useRouteLoaderData("routes/product") as { stockAlertsWaiting?: VariantChoice[] } | undefined)
      ?.stockAlertsWaiting ?? [];
  const waiting = new Set(waitingFor.map(variantKey));
  const open = soldOut.filter((choice) => !waiting.has(variantKey(choice)));
  if (!soldOut.length) return null;

  if (!signedIn) {
    return (
      <p className={box}>
        <Link
          to={loginPathFor(productChoicePath(productId, chosen ?? { size: null, color: null }))}
          className={linkClass}
        >
          {stockAlertTexts.login}
        </Link>{" "}
        for sold-out sizes and colors.
      </p>
    );
  }
  const waitingLine = waiting.size > 0 && (
    <p role="status" className="text-stone-700">
      {chosen && waiting.has(variantKey(chosen))
        ? stockAlertTexts.waiting
        : `Stock alerts set: ${soldOut
            .filter((choice) => waiting.has(variantKey(choice)))
            .map(variantLabel)
            .join("; ")}.`}{" "}
      <Link to="/profile#stock-alerts" className={linkClass}>
        Your stock alerts
      </Link>
    </p>
  );
  const fields = (
    <>
      <input type="hidden" name="intent" value="request" />
      <input type="hidden" name="productId" value={productId} />
    </>
  );

  if (chosen && !waiting.has(variantKey(chosen))) {
    return (
      <Form method="post" action="/stock-alerts" className={`${box} flex flex-wrap items-center justify-between gap-3`}>
        {fields}
        {chosen.size !== null && <input type="hidden" name="size" value={chosen.size} />}
        {chosen.color !== null && <input type="hidden" name="color" value={chosen.color} />}
        <span className="text-stone-700">Get one email when {variantLabel(chosen)} is back in stock.</span>
        <button type="submit" className={buttonClass}>
          {stockAlertTexts.button}
        </button>
      </Form>
    );
  }
  return (
    <div className={`${box} space-y-3`}>
      {waitingLine}
      {open.length > 0 && (
        <details>
          <summary className="cursor-pointer font-medium text-ink">
            Sold out in your size or color? Get an email
          </summary>
          <Form method="post" action="/stock-alerts" className="mt-3 flex flex-wrap items-end gap-3">
            {fields}
            <label className="block min-w-0 flex-1 font-medium text-ink">
              Size and color
              <select
                name="variant"
                className="mt-1 block h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm text-ink"
              >
                {open.map((choice) => (
                  <option key={variantKey(choice)} value={variantKey(choice)}>
                    {variantLabel(choice)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={buttonClass}>
              {stockAlertTexts.button}
            </button>
          </Form>
        </details>
      )}
    </div>
  );
}
