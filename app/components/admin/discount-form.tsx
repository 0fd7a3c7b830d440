import { Form, Link, useNavigation } from "react-router";
import { centsToDecimalString } from "../../../domain/money";
import { dayIn } from "../../../domain/dates";
import { dateFieldValue, type DiscountView } from "../../../domain/discounts";
import type { FieldErrors } from "../../../domain/forms";
import { actionButtonClass, FormField, inputClass, secondaryButtonClass } from "~/components/ui/form-field";
import { useShopTimeZone } from "~/lib/root-data";

/** What the form shows: a refused post's own values, else the code being edited, else a new code's defaults. */
function initialValues(
  editing: DiscountView | null,
  zone: string,
  posted?: Record<string, string>,
): Record<string, string> {
  if (posted) return posted;
  if (!editing) return { kind: "percent", active: "on", startsAt: dayIn(new Date(), zone) };
  return {
    code: editing.code,
    kind: editing.kind,
    value: editing.kind === "percent" ? String(editing.percent ?? "") : centsToDecimalString(editing.amountCents ?? 0),
    minSubtotal: editing.minSubtotalCents ? centsToDecimalString(editing.minSubtotalCents) : "",
    startsAt: dateFieldValue(editing.startsAt, false, zone),
    endsAt: dateFieldValue(editing.endsAt, true, zone),
    totalLimit: editing.totalLimit === null ? "" : String(editing.totalLimit),
    perCustomerLimit: editing.perCustomerLimit === null ? "" : String(editing.perCustomerLimit),
    active: editing.active ? "on" : "",
  };
}

/**
 * Create or edit a discount code. Posts to /admin?tab=discounts (intent save-discount); the
 * server's schema (domain/discounts.ts) decides, and a refusal comes back next to its field.
 */
export function DiscountForm({
  editing,
  errors,
  posted,
}: {
  editing: DiscountView | null;
  errors?: FieldErrors;
  posted?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-discount";
  const zone = useShopTimeZone();
  const values = initialValues(editing, zone, posted);
  const title = editing ? `Edit ${editing.code}` : "New discount code";
  return (
    <section aria-labelledby="discount-form-title" className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <h2 id="discount-form-title" className="font-display text-2xl">
        {title}
      </h2>
      {errors && Object.keys(errors).length > 1 && (
        // Every problem of the post at once, before the fields that carry them.
        <div role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
          <p className="font-medium">{`Please correct these ${Object.keys(errors).length} fields:`}</p>
          <ul className="mt-1 list-disc pl-5">
            {Object.entries(errors).map(([field, message]) => (
              <li key={field}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      <Form method="post" action="/admin?tab=discounts" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="save-discount" />
        {editing && <input type="hidden" name="discountId" value={editing.id} />}
        <FormField
          label="Code"
          name="code"
          defaultValue={values.code}
          error={errors?.code}
          hint="Letters, digits, - or _. Shoppers may type it in any case."
          autoCapitalize="characters"
          maxLength={40}
          required
        />
        <div>
          <label htmlFor="discount-kind" className="mb-1.5 block text-sm font-medium text-stone-800">
            Type
          </label>
          <select id="discount-kind" name="kind" defaultValue={values.kind} className={inputClass}>
            <option value="percent">Percentage off the subtotal</option>
            <option value="fixed">Fixed amount off the subtotal</option>
          </select>
        </div>
        <FormField
          label="Value"
          name="value"
          inputMode="decimal"
          defaultValue={values.value}
          error={errors?.value}
          hint="A percentage from 1 to 100, or an amount in dollars (for example 5.00)."
          required
        />
        <FormField
          label="Minimum subtotal ($)"
          name="minSubtotal"
          inputMode="decimal"
          defaultValue={values.minSubtotal}
          error={errors?.minSubtotal}
          hint="Leave empty for no minimum."
        />
        <FormField
          label="Starts on"
          name="startsAt"
          type="date"
          defaultValue={values.startsAt}
          error={errors?.startsAt}
          hint={`From the start of that day (shop time, ${zone}).`}
        />
        <FormField
          label="Ends after"
          name="endsAt"
          type="date"
          defaultValue={values.endsAt}
          error={errors?.endsAt}
          hint={`The last day it works, until midnight (shop time, ${zone}). Leave empty for no end.`}
        />
        <FormField
          label="Total uses"
          name="totalLimit"
          inputMode="numeric"
          defaultValue={values.totalLimit}
          error={errors?.totalLimit}
          hint="Orders that may use it in all. Empty: no limit."
        />
        <FormField
          label="Uses per customer"
          name="perCustomerLimit"
          inputMode="numeric"
          defaultValue={values.perCustomerLimit}
          error={errors?.perCustomerLimit}
          hint="Empty: no limit."
        />
        <label className="flex items-center gap-2 text-sm font-medium text-stone-800 sm:col-span-2">
          <input
            type="checkbox"
            name="active"
            defaultChecked={values.active === "on" || values.active === "true"}
            className="h-4 w-4"
          />
          Active (shoppers can use it)
        </label>
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <button type="submit" disabled={saving} className={actionButtonClass}>
            {saving ? "Saving..." : editing ? "Save changes" : "Create code"}
          </button>
          {editing && (
            <Link to="/admin?tab=discounts" className={secondaryButtonClass}>
              Cancel
            </Link>
          )}
        </div>
      </Form>
    </section>
  );
}
