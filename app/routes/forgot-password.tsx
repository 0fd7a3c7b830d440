import { data, Form, Link, useNavigation } from "react-router";
import { emailOnlySchema } from "../../domain/account-schemas";
import { type FieldErrors, formFields, parseFields } from "../../domain/forms";
import { AuthPanel, FormAlert, FormField, primaryButtonClass } from "~/components/ui/form-field";
import { pageMeta } from "~/lib/store";
import { actionToast, type ActionToast, useActionToast } from "~/lib/use-action-toast";
import type { Route } from "./+types/forgot-password";
import { useValidatedForm } from "~/lib/use-validated-form";

export const meta = () => pageMeta("Forgot password", "Reset the password of your account.");

/** The same words whether or not an account exists, so the form cannot be used to find accounts. */
export const RESET_REQUESTED =
  "If an account exists for that email, we have sent a link to reset the password. Please check your inbox.";

interface ForgotResult {
  errors?: FieldErrors;
  sent?: boolean;
  toast?: ActionToast;
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseFields(emailOnlySchema, formFields(await request.formData()));
  if (!parsed.ok) return data<ForgotResult>({ errors: parsed.errors }, { status: 400 });
  const result = await context.services.auth.requestPasswordReset(request, parsed.data.email);
  if (!result.ok)
    return data<ForgotResult>({ toast: actionToast("error", result.message!) }, { status: result.status });
  return { sent: true, toast: actionToast("success", RESET_REQUESTED) } satisfies ForgotResult;
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const result = actionData as ForgotResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/forgot-password";
  const { errors, onSubmit } = useValidatedForm(emailOnlySchema, { serverErrors: result?.errors });
  useActionToast(result);

  return (
    <AuthPanel
      title="Forgot password?"
      intro="Enter the email of your account and we will send you a link to choose a new password."
    >
      {result?.sent ? (
        <FormAlert tone="success">{RESET_REQUESTED}</FormAlert>
      ) : (
        <Form method="post" noValidate className="space-y-4" onSubmit={onSubmit}>
          <FormField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            error={errors.email}
          />
          <button type="submit" className={primaryButtonClass} disabled={busy}>
            {busy ? "Sending..." : "Send reset link"}
          </button>
        </Form>
      )}
      <p className="mt-6 text-sm">
        <Link to="/login" className="font-medium text-brand-700 underline underline-offset-2">
          Back to login
        </Link>
      </p>
    </AuthPanel>
  );
}
