import { data, Form, useNavigation } from "react-router";
import { profileSchema } from "../../domain/account-schemas";
import { type FieldErrors, formFields, parseFields } from "../../domain/forms";
import { messages } from "../../domain/messages";
import { FormField, primaryButtonClass } from "~/components/ui/form-field";
import { AccountLayout } from "~/components/account/account-layout";
import { StockAlertsSection } from "~/components/account/stock-alerts-section";
import { failureStatus } from "~/lib/page-failure.server";
import { pageMeta } from "~/lib/store";
import { actionToast, type ActionToast, useActionToast } from "~/lib/use-action-toast";
import type { Route } from "./+types/profile";
import { useValidatedForm } from "~/lib/use-validated-form";

export const meta = () => [...pageMeta("My Profile"), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await context.services.auth.requireUser(request);
  const [profile, stockAlerts] = await Promise.all([
    context.services.accounts.profile(viewer.id),
    context.services.stockAlerts.list(viewer.id),
  ]);
  return { profile, stockAlerts };
}

interface ProfileResult {
  errors?: FieldErrors;
  toast?: ActionToast;
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await context.services.auth.requireUser(request);
  // Only first name, last name and phone are read: the e-mail (and anything else sent) is ignored.
  const parsed = parseFields(profileSchema, formFields(await request.formData()));
  if (!parsed.ok) {
    return data<ProfileResult>(
      { errors: parsed.errors, toast: actionToast("error", messages.profile.failure) },
      { status: 400 },
    );
  }
  try {
    await context.services.accounts.updateProfile(viewer.id, parsed.data);
    // Reviews are shown under the profile's first name: they follow it (docs/product.md §2). The profile is saved either way.
    await context.services.reviews
      .renameAuthor(viewer.id)
      .catch((err) => context.logger.error({ err }, "renaming the reviews after a profile change failed"));
    return { toast: actionToast("success", messages.profile.success) } satisfies ProfileResult;
  } catch (error) {
    const status = failureStatus(error);
    if (status === 500) context.logger.error({ err: error }, "profile update failed");
    return data<ProfileResult>({ toast: actionToast("error", messages.profile.failure) }, { status });
  }
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, stockAlerts } = loaderData;
  const result = actionData as ProfileResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/profile";
  const { errors, onSubmit } = useValidatedForm(profileSchema, { serverErrors: result?.errors });
  useActionToast(result);

  return (
    <AccountLayout title="My Profile">
      <Form
        method="post"
        noValidate
        className="max-w-xl space-y-5 rounded-2xl border border-stone-200 p-5 sm:p-8"
        onSubmit={onSubmit}
      >
        <FormField
          label="Email"
          name="email-display"
          type="email"
          value={profile.email}
          disabled
          readOnly
          hint="Your email is fixed: it is how you log in."
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            maxLength={50}
            defaultValue={profile.firstName}
            error={errors.firstName}
          />
          <FormField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            maxLength={50}
            defaultValue={profile.lastName}
            error={errors.lastName}
          />
        </div>
        <FormField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={30}
          defaultValue={profile.phone}
          error={errors.phone}
        />
        <button type="submit" className={`${primaryButtonClass} sm:w-auto`} disabled={busy}>
          {busy ? "Saving..." : "Save changes"}
        </button>
      </Form>
      <StockAlertsSection alerts={stockAlerts} />
    </AccountLayout>
  );
}
