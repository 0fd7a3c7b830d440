import { z } from "./zod";
import { fieldMessages, isPhone, required, text } from "./account-schemas";
import { countryProblems, normalPostalFields, type PostalFields } from "./address-country";
import { COUNTRIES, DEFAULT_COUNTRY } from "./address-rules";

/*
 * The address form's schema, apart from the other account forms (domain/account-schemas.ts) so
 * that only the pages with an address form load the country lists it checks against.
 */

/**
 * An address (docs/product.md §4 Addresses): the same fields in every country, checked and spelled
 * as the chosen country has them (domain/address-country.ts): a US state or Canadian province from
 * the list, stored as its code; a UK county optional; the postal code in the country's format and
 * its normal spelling ("k1a0b1" is stored as "K1A 0B1").
 */
export const addressSchema = z
  .object({
    name: required(fieldMessages.nameRequired, 100),
    phone: required(fieldMessages.phoneRequired, 30).refine(isPhone, fieldMessages.phoneInvalid),
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

export type AddressInput = z.output<typeof addressSchema>;
