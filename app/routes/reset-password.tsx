import { data, Form, Link, redirect, useNavigation } from "react-router";
import { resetPasswordSchema } from "../../domain/account-schemas";
import { type FieldErrors, formFields, parseFields } from "../../domain/forms";
import { AuthPanel, FormAlert, NewPasswordFields, primaryButtonClass } from "~/components/ui/form-field";
import { flashCookie, isSecureUrl } from "~/lib/flash";
import { pageMeta } from "~/lib/store";
import { actionToast, type ActionToast, useActionToast } from "~/lib/use-action-toast";
import type { Route } from "./+types/reset-password";
import { useValidatedForm } from "~/lib/use-validated-form";

export const meta = () => [...pageMeta("Choose a new password"), { name: "robots", content: "noindex" }];

const LINK_INVALID = "This reset link is invalid or has expired.";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token");
  // better-auth checked the link and sent us here with ?token=... or ?error=INVALID_TOKEN.
  const valid = !params.get("error") && token !== null && token.length > 0 && token.length <= 512;
  return { token: valid ? token : null };
}

interface ResetResult {
  errors?: FieldErrors;
  linkInvalid?: boolean;
  toast?: ActionToast;
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseFields(resetPasswordSchema, formFields(await request.formData()));
  if (!parsed.ok) {
    return data<ResetResult>({ errors: parsed.errors, linkInvalid: Boolean(parsed.errors.token) }, { status: 400 });
  }
  const result = await context.services.auth.resetPassword(request, parsed.data);
  if (result.ok) {
    return redirect("/login", {
      headers: { "Set-Cookie": flashCookie("reset.success", isSecureUrl(context.config.publicUrl)) },
    });
  }
  if (result.code === "INVALID_TOKEN" || result.code === "TOKEN_EXPIRED") {
    return data<ResetResult>({ linkInvalid: true, toast: actionToast("error", LINK_INVALID) }, { status: 400 });
  }
  return data<ResetResult>(
    { errors: { password: result.message! }, toast: actionToast("error", result.message!) },
    { status: result.status },
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ResetResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/reset-password") === true;
  const { errors, onSubmit } = useValidatedForm(resetPasswordSchema, { serverErrors: result?.errors });
  useActionToast(result);

  if (!loaderData.token || result?.linkInvalid) {
    return (
      <AuthPanel title="Choose a new password">
        <FormAlert>{LINK_INVALID}</FormAlert>
        <p className="mt-6 text-sm">
          <Link to="/forgot-password" className="font-medium text-brand-700 underline underline-offset-2">
            Ask for a new link
          </Link>
        </p>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel title="Choose a new password">
      <Form method="post" noValidate className="space-y-4" onSubmit={onSubmit}>
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields labels={{ password: "New password", confirm: "Confirm new password" }} errors={errors} />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? "Saving..." : "Save new password"}
        </button>
      </Form>
    </AuthPanel>
  );
}
