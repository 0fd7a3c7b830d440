import { z } from "./zod";
import { countryProblems, normalPostalFields, type PostalFields } from "./address-country";
import { COUNTRIES, DEFAULT_COUNTRY } from "./address-rules";
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

const text = (max: number) => z.string().trim().max(max, fieldMessages.tooLong(max));
const required = (message: string, max: number) =>
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

export const profileSchema = z.object({
  firstName: text(50),
  lastName: text(50),
  phone: text(30).refine((v) => v === "" || (PHONE.test(v) && phoneDigits(v)), fieldMessages.phoneInvalid),
});

/**
 * An address (docs/product.md §4 Addresses): the same fields in every country, checked and spelled
 * as the chosen country has them (domain/address-country.ts): a US state or Canadian province from
 * the list, stored as its code; a UK county optional; the postal code in the country's format and
 * its normal spelling ("k1a0b1" is stored as "K1A 0B1").
 */
export const addressSchema = z
  .object({
    name: required(fieldMessages.nameRequired, 100),
    phone: required(fieldMessages.phoneRequired, 30).refine(
      (v) => PHONE.test(v) && phoneDigits(v),
      fieldMessages.phoneInvalid,
    ),
    street: required(fieldMessages.streetRequired, 200),
    city: text(100).default(""),
    state: text(100).default(""),
    zipCode: text(12).default(""),
    country: z
      .string()
      .optional()
      .transform((v) => (v === undefined || v === "" ? DEFAULT_COUNTRY : v))
      .pipe(z.enum(COUNTRIES, { error: fieldMessages.countryInvalid })),
    /** A checkbox: present ("on") when ticked. */
    isDefault: z
      .union([z.literal("on"), z.literal("true"), z.literal("false"), z.literal(""), z.boolean()])
      .optional()
      .transform((v) => v === "on" || v === "true" || v === true),
  })
  .superRefine(
    (address, ctx) => {
      // Runs even when another field is wrong, so the form shows every problem at once.
      const value = address as Partial<Record<keyof PostalFields, unknown>>;
      const asText = (v: unknown) => (typeof v === "string" ? v : "");
      const problems = countryProblems({
        city: asText(value.city),
        state: asText(value.state),
        zipCode: asText(value.zipCode),
        country: asText(value.country),
      });
      for (const [field, message] of Object.entries(problems)) {
        if (!ctx.issues.some((issue) => issue.path?.[0] === field)) {
          ctx.addIssue({ code: "custom", path: [field], message });
        }
      }
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  )
  .transform((address) => normalPostalFields(address));

export type RegisterInput = z.output<typeof registerSchema>;
export type LoginInput = z.output<typeof loginSchema>;
export type ProfileInput = z.output<typeof profileSchema>;
export type AddressInput = z.output<typeof addressSchema>;
