import { type AppLoadContext, data } from "react-router";
import { parseDiscountForm } from "../../domain/discount-schemas";
import { discountAdminMessages } from "../../domain/discounts";
import { type FieldErrors, formFields } from "../../domain/forms";
import { type AdminResult, adminResult } from "./admin-result";
import { refusalOf } from "./page-failure.server";

export interface DiscountFormResult extends AdminResult {
  errors?: FieldErrors;
  /** The fields as posted, so a refused form keeps what was typed. */
  values?: Record<string, string>;
}

/**
 * The Discounts tab's actions (docs/decisions/034-discount-codes.md), called by /admin's action
 * after it checked the administrator: save a code (new, or the one named by discountId) and
 * switch one on or off. A refusal answers with the reason next to the field concerned.
 */
export async function discountAction(intent: string, form: FormData, context: AppLoadContext) {
  const fields = formFields(form);
  const admin = context.services.adminDiscounts;
  const failed = intent === "toggle-discount" ? discountAdminMessages.toggleFailed : discountAdminMessages.saveFailed;
  const refuse = (errors: FieldErrors, status: number) =>
    data<DiscountFormResult>(
      {
        // More than one problem: the toast points to the list above the form rather than naming one.
        ...adminResult(
          false,
          failed,
          Object.keys(errors).length > 1
            ? `Please correct these ${Object.keys(errors).length} fields.`
            : Object.values(errors)[0],
        ),
        errors,
        values: fields,
      },
      { status },
    );
  try {
    if (intent === "toggle-discount") {
      const saved = await admin.setActive(fields.discountId ?? "", fields.active === "true");
      return adminResult(
        true,
        saved.active ? discountAdminMessages.activated(saved.code) : discountAdminMessages.deactivated(saved.code),
      );
    }
    // Days are read in the shop's zone (SHOP_TIME_ZONE); every problem of the post is said at once.
    const parsed = parseDiscountForm(
      { ...fields, active: fields.active === "on" || fields.active === "true" },
      context.config.timeZone,
    );
    if (!parsed.ok) return refuse(parsed.errors, 400);
    const saved = fields.discountId
      ? await admin.update(fields.discountId, parsed.data)
      : await admin.create(parsed.data);
    return adminResult(
      true,
      fields.discountId ? discountAdminMessages.updated(saved.code) : discountAdminMessages.created(saved.code),
    );
  } catch (error) {
    const refused = refusalOf(error);
    if (refused)
      return refuse(
        refused.fields && Object.keys(refused.fields).length ? refused.fields : { code: refused.message },
        refused.status,
      );
    context.logger.error({ err: error, intent }, "saving a discount code failed");
    return data<DiscountFormResult>(adminResult(false, failed), { status: 500 });
  }
}
