import { data, Form, Link, redirect, useNavigation } from "react-router";
import { registerSchema } from "../../domain/account-schemas";
import { type FieldErrors, formFields, parseFields } from "../../domain/forms";
import { AuthPanel, FormField, NewPasswordFields, primaryButtonClass } from "~/components/ui/form-field";
import { flashCookie, isSecureUrl } from "~/lib/flash";
import { pageMeta } from "~/lib/store";
import { actionToast, type ActionToast, useActionToast } from "~/lib/use-action-toast";
import type { Route } from "./+types/register";
import { useValidatedForm } from "~/lib/use-validated-form";

export const meta = () => pageMeta("Register", "Create your account.");

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await context.services.auth.viewer(request)) throw redirect("/");
  return null;
}

interface RegisterResult {
  errors?: FieldErrors;
  toast?: ActionToast;
}

/** Which field a refusal from the server belongs to, so it shows next to the right input. */
const FIELD_OF_CODE: Record<string, keyof FieldErrors> = {
  USER_ALREADY_EXISTS: "email",
  INVALID_EMAIL: "email",
  EMAIL_TOO_LONG: "email",
  PASSWORD_TOO_WEAK: "password",
  PASSWORD_TOO_SHORT: "password",
  PASSWORD_TOO_LONG: "password",
};

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseFields(registerSchema, formFields(await request.formData()));
  if (!parsed.ok) return data<RegisterResult>({ errors: parsed.errors }, { status: 400 });
  const result = await context.services.auth.signUp(request, parsed.data);
  if (result.ok) {
    return redirect("/login", {
      headers: { "Set-Cookie": flashCookie("register.success", isSecureUrl(context.config.publicUrl)) },
    });
  }
  const field = result.code ? FIELD_OF_CODE[result.code] : undefined;
  return data<RegisterResult>(
    { errors: field ? { [field]: result.message! } : undefined, toast: actionToast("error", result.message!) },
    { status: result.status },
  );
}

export default function Register({ actionData }: Route.ComponentProps) {
  const result = actionData as RegisterResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/register";
  const { errors, onSubmit } = useValidatedForm(registerSchema, { serverErrors: result?.errors });
  useActionToast(result);

  return (
    <AuthPanel
      title="Register"
      intro={
        <>
          Already have an account?{" "}
          <Link to="/login" className="font-medium text-brand-700 underline underline-offset-2">
            Login
          </Link>
        </>
      }
    >
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
        <NewPasswordFields labels={{ password: "Password", confirm: "Confirm password" }} errors={errors} />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? "Creating account..." : "Register"}
        </button>
      </Form>
      <p className="mt-4 text-xs text-stone-500">
        We will email you a link to verify your address before you first log in.
      </p>
    </AuthPanel>
  );
}
