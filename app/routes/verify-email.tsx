import { data, Form, Link, redirect } from "react-router";
import { emailOnlySchema } from "../../domain/account-schemas";
import { type FieldErrors, formFields, parseFields } from "../../domain/forms";
import { messages } from "../../domain/messages";
import { AuthPanel, FormAlert, FormField, primaryButtonClass } from "~/components/ui/form-field";
import { flashCookie, isSecureUrl } from "~/lib/flash";
import { pageMeta } from "~/lib/store";
import { actionToast, type ActionToast, useActionToast } from "~/lib/use-action-toast";
import type { Route } from "./+types/verify-email";
import { useValidatedForm } from "~/lib/use-validated-form";

export const meta = () => [...pageMeta("Verify your email"), { name: "robots", content: "noindex" }];

/**
 * Where the verification link lands after better-auth has checked it: without an error the
 * address is verified and the shopper goes on to log in; otherwise they learn why and can
 * ask for a new link.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const error = new URL(request.url).searchParams.get("error");
  if (!error) {
    throw redirect("/login", {
      headers: { "Set-Cookie": flashCookie("verify.success", isSecureUrl(context.config.publicUrl)) },
    });
  }
  return { used: error === "LINK_USED" };
}

interface ResendResult {
  errors?: FieldErrors;
  sent?: boolean;
  toast?: ActionToast;
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseFields(emailOnlySchema, formFields(await request.formData()));
  if (!parsed.ok) return data<ResendResult>({ errors: parsed.errors }, { status: 400 });
  const result = await context.services.auth.resendVerification(request, parsed.data.email);
  if (!result.ok)
    return data<ResendResult>({ toast: actionToast("error", result.message!) }, { status: result.status });
  return { sent: true, toast: actionToast("success", messages.register.success) } satisfies ResendResult;
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ResendResult | undefined;
  const { errors, onSubmit } = useValidatedForm(emailOnlySchema, { serverErrors: result?.errors });
  useActionToast(result);

  if (loaderData.used) {
    return (
      <AuthPanel title="Already verified">
        <FormAlert tone="success">This verification link has already been used. Your email is verified.</FormAlert>
        <Link to="/login" className={`${primaryButtonClass} mt-6`}>
          Login
        </Link>
      </AuthPanel>
    );
  }
  return (
    <AuthPanel title="Verify your email">
      <FormAlert>This verification link is invalid or has expired.</FormAlert>
      {result?.sent ? (
        <p className="mt-6 text-sm">{messages.register.success}</p>
      ) : (
        <Form method="post" noValidate className="mt-6 space-y-4" onSubmit={onSubmit}>
          <FormField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            error={errors.email}
          />
          <button type="submit" className={primaryButtonClass}>
            Send a new link
          </button>
        </Form>
      )}
    </AuthPanel>
  );
}
