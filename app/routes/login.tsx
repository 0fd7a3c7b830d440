import { data, Form, Link, redirect, useNavigation } from "react-router";
import { emailOnlySchema, loginSchema } from "../../domain/account-schemas";
import { type FieldErrors, formFields, parseFields } from "../../domain/forms";
import { messages } from "../../domain/messages";
import { safeRedirectPath } from "../../domain/redirects";
import { AuthPanel, FormAlert, FormField, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { flashCookie, isSecureUrl } from "~/lib/flash";
import { pageMeta } from "~/lib/store";
import { actionToast, type ActionToast, useActionToast } from "~/lib/use-action-toast";
import type { Route } from "./+types/login";
import { useValidatedForm } from "~/lib/use-validated-form";

export const meta = () => pageMeta("Login", "Log in to your account.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  if (await context.services.auth.viewer(request)) throw redirect(redirectTo);
  const error = url.searchParams.get("error");
  // Back from Google: a cancelled sign-in (closed window, "Cancel") stays silent.
  const googleFailed = error !== null && error !== "access_denied";
  return { redirectTo, googleFailed, googleSignIn: context.config.googleSignIn };
}

interface LoginResult {
  errors?: FieldErrors;
  toast?: ActionToast;
  unverifiedEmail?: string;
  resent?: boolean;
}

function withCookies(cookies: string[], extra?: string): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  if (extra) headers.append("Set-Cookie", extra);
  return headers;
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = formFields(await request.formData());
  const auth = context.services.auth;
  const redirectTo = safeRedirectPath(fields.redirectTo);
  const secure = isSecureUrl(context.config.publicUrl);

  if (fields.intent === "google") {
    const started = await auth.startGoogle(request, redirectTo);
    const url = typeof started.data?.url === "string" ? started.data.url : null;
    if (!started.ok || !url) {
      return data<LoginResult>(
        { toast: actionToast("error", messages.google.failure) },
        { status: started.status || 502 },
      );
    }
    return redirect(url, { headers: withCookies(started.cookies) });
  }

  if (fields.intent === "resend") {
    const target = parseFields(emailOnlySchema, fields);
    if (!target.ok) return data<LoginResult>({ errors: target.errors }, { status: 400 });
    const resent = await auth.resendVerification(request, target.data.email);
    if (!resent.ok)
      return data<LoginResult>({ toast: actionToast("error", resent.message!) }, { status: resent.status });
    return {
      resent: true,
      unverifiedEmail: target.data.email,
      toast: actionToast("success", messages.register.success),
    };
  }

  const parsed = parseFields(loginSchema, fields);
  if (!parsed.ok) return data<LoginResult>({ errors: parsed.errors }, { status: 400 });

  const result = await auth.signIn(request, parsed.data);
  if (result.ok) {
    return redirect(redirectTo, { headers: withCookies(result.cookies, flashCookie("login.success", secure)) });
  }
  if (result.code === "EMAIL_NOT_VERIFIED") {
    return data<LoginResult>(
      { unverifiedEmail: parsed.data.email, toast: actionToast("warning", messages.login.unverified) },
      { status: 403 },
    );
  }
  return data<LoginResult>({ toast: actionToast("error", result.message!) }, { status: result.status });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, googleFailed, googleSignIn } = loaderData;
  const result = actionData as LoginResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  const { errors, onSubmit } = useValidatedForm(loginSchema, { serverErrors: result?.errors });
  useActionToast(result);
  useActionToast(googleFailed ? { toast: { type: "error", text: messages.google.failure, id: 1 } } : undefined);

  return (
    <AuthPanel
      title="Login"
      intro={
        <>
          New here?{" "}
          <Link to="/register" className="font-medium text-brand-700 underline underline-offset-2">
            Create an account
          </Link>
        </>
      }
    >
      {googleFailed && !result && (
        <div className="mb-5">
          <FormAlert>{messages.google.failure}</FormAlert>
        </div>
      )}
      {result?.unverifiedEmail && (
        <div className="mb-5">
          <FormAlert tone="warning">
            <p>{messages.login.unverified}</p>
            {result.resent ? (
              <p className="mt-2">We sent a new link to {result.unverifiedEmail}.</p>
            ) : (
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="resend" />
                <input type="hidden" name="email" value={result.unverifiedEmail} />
                <button type="submit" className="font-medium underline underline-offset-2">
                  Resend verification email
                </button>
              </Form>
            )}
          </FormAlert>
        </div>
      )}
      <Form method="post" noValidate className="space-y-4" onSubmit={onSubmit}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          error={errors.email}
        />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={128}
          error={errors.password}
        />
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm font-medium text-brand-700 underline underline-offset-2">
            Forgot password?
          </Link>
        </div>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? "Logging in..." : "Login"}
        </button>
      </Form>
      {googleSignIn && (
        <>
          <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-stone-500">
            <span className="h-px flex-1 bg-stone-200" />
            or
            <span className="h-px flex-1 bg-stone-200" />
          </div>
          <Form method="post">
            <input type="hidden" name="intent" value="google" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button type="submit" className={`${secondaryButtonClass} w-full py-3`} disabled={busy}>
              <GoogleMark />
              <span className="ml-2">Continue with Google</span>
            </button>
          </Form>
        </>
      )}
    </AuthPanel>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="h-5 w-5">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C36.9 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}
