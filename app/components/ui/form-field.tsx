import { type InputHTMLAttributes, type ReactNode, useId } from "react";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
}

export const inputClass =
  "w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base text-ink placeholder:text-stone-400 focus:border-ink disabled:bg-stone-100 disabled:text-stone-500 aria-[invalid=true]:border-red-600 sm:text-sm";

export const primaryButtonClass =
  "inline-flex w-full items-center justify-center rounded-full bg-ink px-5 py-3 text-sm font-medium text-white transition-colors hover:bg-stone-800 disabled:cursor-not-allowed disabled:opacity-60";

/** A page's main action beside its heading: the primary colour at the height of the secondary buttons. */
export const actionButtonClass =
  "inline-flex items-center justify-center rounded-full border border-ink bg-ink px-4 py-2 text-sm font-medium text-white transition-colors hover:bg-stone-800 disabled:cursor-not-allowed disabled:opacity-60";

export const secondaryButtonClass =
  "inline-flex items-center justify-center rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-medium text-ink transition-colors hover:border-ink disabled:opacity-60";

/** A labelled input whose error is announced and tied to it (aria-describedby). */
export function FormField({ label, name, error, hint, id, className, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? `${name}-${generated}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
        {...input}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The centred panel the sign-in screens share. */
export function AuthPanel({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="font-display text-3xl">{title}</h1>
        {intro && <div className="mt-2 text-sm text-stone-600">{intro}</div>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

export function FormAlert({
  tone = "error",
  children,
}: {
  tone?: "error" | "warning" | "success";
  children: ReactNode;
}) {
  const tones = {
    error: "border-red-200 bg-red-50 text-red-800",
    warning: "border-amber-200 bg-amber-50 text-amber-900",
    success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  };
  return (
    <div
      role={tone === "success" ? "status" : "alert"}
      className={`rounded-lg border px-4 py-3 text-sm ${tones[tone]}`}
    >
      {children}
    </div>
  );
}

/** The new-password pair of registration and password reset: one place for the rules shown to the shopper. */
export function NewPasswordFields({
  labels,
  errors,
}: {
  labels: { password: string; confirm: string };
  errors: { password?: string; confirmPassword?: string };
}) {
  return (
    <>
      <FormField
        label={labels.password}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={6}
        maxLength={128}
        error={errors.password}
        hint="At least 6 characters. Common passwords are refused."
      />
      <FormField
        label={labels.confirm}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        maxLength={128}
        error={errors.confirmPassword}
      />
    </>
  );
}
