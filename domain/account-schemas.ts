import { z } from "./zod";
import { messages } from "./messages";

/**
 * One schema per account form, used by the route's action (the authority) and by the form
 * in the browser. Unknown fields (role, isAdmin, emailVerified, ...) are dropped by zod.
 */

export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

export const fieldMessages = {
  emailRequired: "Email is required",
  emailTooLong: `Email address must be at most ${EMAIL_MAX} characters long`,
  passwordRequired: "Password is required",
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters long`,
  confirmRequired: "Please confirm your password",
  tokenMissing: "This reset link is invalid or has expired.",
  nameRequired: "Name is required",
  phoneRequired: "Phone is required",
  phoneInvalid: "Enter a valid phone number",
  streetRequired: "Street is required",
  cityRequired: "City is required",
  stateRequired: "State is required",
  zipRequired: "ZIP code is required",
  countryInvalid: "Choose United States, Canada or United Kingdom",
  tooLong: (max: number) => `Must be at most ${max} characters long`,
} as const;

export const text = (max: number) => z.string().trim().max(max, fieldMessages.tooLong(max));
export const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, fieldMessages.tooLong(max));

export const emailField = z
  .string({ error: fieldMessages.emailRequired })
  .trim()
  .min(1, fieldMessages.emailRequired)
  .max(EMAIL_MAX, fieldMessages.emailTooLong)
  .pipe(z.email(messages.register.invalidEmail))
  .transform((e) => e.toLowerCase());

const passwordRequired = z
  .string({ error: fieldMessages.passwordRequired })
  .min(1, fieldMessages.passwordRequired)
  .max(PASSWORD_MAX, fieldMessages.passwordTooLong);

/** A new password: docs/product.md §5's minimum; strength is judged on the server. */
const newPassword = passwordRequired.refine((p) => p.length >= PASSWORD_MIN, messages.register.passwordTooShort);

const confirmField = z
  .string({ error: fieldMessages.confirmRequired })
  .min(1, fieldMessages.confirmRequired)
  .max(PASSWORD_MAX);

const matching = <T extends { password: string; confirmPassword: string }>(value: T, ctx: z.RefinementCtx) => {
  if (value.confirmPassword && value.password !== value.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: messages.register.passwordsDoNotMatch });
  }
};

export const registerSchema = z
  .object({ email: emailField, password: newPassword, confirmPassword: confirmField })
  .superRefine(matching);

export const loginSchema = z.object({ email: emailField, password: passwordRequired });

export const emailOnlySchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({
    token: z
      .string({ error: fieldMessages.tokenMissing })
      .min(1, fieldMessages.tokenMissing)
      .max(512, fieldMessages.tokenMissing),
    password: newPassword,
    confirmPassword: confirmField,
  })
  .superRefine(matching);

const PHONE = /^\+?[0-9 ().-]{5,24}$/;
const phoneDigits = (v: string) => v.replace(/\D/g, "").length >= 5;
/** A phone number as the store takes it: digits with the usual separators, at least five digits. */
export const isPhone = (v: string) => PHONE.test(v) && phoneDigits(v);

export const profileSchema = z.object({
  firstName: text(50),
  lastName: text(50),
  phone: text(30).refine((v) => v === "" || (PHONE.test(v) && phoneDigits(v)), fieldMessages.phoneInvalid),
});

export type RegisterInput = z.output<typeof registerSchema>;
export type LoginInput = z.output<typeof loginSchema>;
export type ProfileInput = z.output<typeof profileSchema>;
