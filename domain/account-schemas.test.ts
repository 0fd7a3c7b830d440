import { describe, expect, it } from "vitest";
import {
  addressSchema,
  fieldMessages,
  loginSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
} from "./account-schemas";
import { fieldErrors, formFields, parseFields } from "./forms";
import { messages } from "./messages";

const errorsOf = (schema: Parameters<typeof parseFields>[0], fields: Record<string, unknown>) => {
  const result = parseFields(schema, fields);
  return result.ok ? {} : result.errors;
};

describe("registerSchema", () => {
  const ok = { email: " Ada@Example.com ", password: "Velvet-Harbor-42", confirmPassword: "Velvet-Harbor-42" };

  it("accepts a valid form and normalises the e-mail", () => {
    expect(parseFields(registerSchema, ok)).toEqual({
      ok: true,
      data: { email: "ada@example.com", password: "Velvet-Harbor-42", confirmPassword: "Velvet-Harbor-42" },
    });
  });

  it.each([
    [
      "all fields missing",
      {},
      {
        email: fieldMessages.emailRequired,
        password: fieldMessages.passwordRequired,
        confirmPassword: fieldMessages.confirmRequired,
      },
    ],
    [
      "empty fields",
      { email: "", password: "", confirmPassword: "" },
      {
        email: fieldMessages.emailRequired,
        password: fieldMessages.passwordRequired,
        confirmPassword: fieldMessages.confirmRequired,
      },
    ],
    ["a bad e-mail", { ...ok, email: "ada@" }, { email: messages.register.invalidEmail }],
    ["a 10 KB e-mail", { ...ok, email: `${"a".repeat(10_000)}@example.com` }, { email: fieldMessages.emailTooLong }],
    [
      "a short password",
      { ...ok, password: "abc", confirmPassword: "abc" },
      { password: messages.register.passwordTooShort },
    ],
    [
      "a 10 KB password",
      { ...ok, password: "x".repeat(10_240), confirmPassword: "x".repeat(10_240) },
      { password: fieldMessages.passwordTooLong, confirmPassword: expect.any(String) },
    ],
    [
      "different passwords",
      { ...ok, confirmPassword: "Velvet-Harbor-43" },
      { confirmPassword: messages.register.passwordsDoNotMatch },
    ],
  ])("%s", (_label, fields, expected) => {
    expect(errorsOf(registerSchema, fields)).toEqual(expected);
  });

  it("drops fields nobody may set", () => {
    const result = parseFields(registerSchema, { ...ok, role: "admin", isAdmin: "true", emailVerified: "true" });
    expect(result.ok && Object.keys(result.data).sort()).toEqual(["confirmPassword", "email", "password"]);
  });

  it("accepts exactly the minimum length", () => {
    expect(errorsOf(registerSchema, { ...ok, password: "abcdef", confirmPassword: "abcdef" })).toEqual({});
  });
});

describe("loginSchema", () => {
  it.each([
    [{ email: "a@b.co", password: "x" }, {}],
    [
      { email: "", password: "" },
      { email: fieldMessages.emailRequired, password: fieldMessages.passwordRequired },
    ],
    [{ email: "a@b.co" }, { password: fieldMessages.passwordRequired }],
  ])("%j", (fields, expected) => {
    expect(errorsOf(loginSchema, fields)).toEqual(expected);
  });
});

describe("resetPasswordSchema", () => {
  it("needs the token", () => {
    expect(
      errorsOf(resetPasswordSchema, { password: "Velvet-Harbor-42", confirmPassword: "Velvet-Harbor-42" }),
    ).toEqual({
      token: fieldMessages.tokenMissing,
    });
  });

  it("needs matching passwords", () => {
    expect(
      errorsOf(resetPasswordSchema, { token: "t", password: "Velvet-Harbor-42", confirmPassword: "nope" }),
    ).toEqual({
      confirmPassword: messages.register.passwordsDoNotMatch,
    });
  });
});

describe("profileSchema", () => {
  it.each([
    [{ firstName: " Ada ", lastName: "Lovelace", phone: "+1 (555) 010-2030" }, {}],
    [{ firstName: "", lastName: "", phone: "" }, {}],
    [{ firstName: "A".repeat(51), lastName: "", phone: "" }, { firstName: fieldMessages.tooLong(50) }],
    [{ firstName: "", lastName: "", phone: "call me" }, { phone: fieldMessages.phoneInvalid }],
  ])("%j", (fields, expected) => {
    expect(errorsOf(profileSchema, fields)).toEqual(expected);
  });

  it("trims the names", () => {
    const result = parseFields(profileSchema, { firstName: " Ada ", lastName: " L ", phone: "" });
    expect(result.ok && result.data).toEqual({ firstName: "Ada", lastName: "L", phone: "" });
  });
});

describe("addressSchema", () => {
  const ok = {
    name: "Ada",
    phone: "555 010 2030",
    street: "1 Main St",
    city: "Springfield",
    state: "IL",
    zipCode: "62701",
  };

  it("defaults the country to United States and the default flag to off", () => {
    const result = parseFields(addressSchema, ok);
    expect(result.ok && result.data).toEqual({ ...ok, country: "United States", isDefault: false });
  });

  it("requires name, phone, street, city, state and ZIP", () => {
    expect(errorsOf(addressSchema, {})).toEqual({
      name: fieldMessages.nameRequired,
      phone: fieldMessages.phoneRequired,
      street: fieldMessages.streetRequired,
      city: fieldMessages.cityRequired,
      state: fieldMessages.stateRequired,
      zipCode: fieldMessages.zipRequired,
    });
    expect(errorsOf(addressSchema, { ...ok, city: "   " })).toEqual({ city: fieldMessages.cityRequired });
  });

  it.each([
    [{ country: "Canada", state: "ON", zipCode: "K1A 0B1" }, {}],
    [{ country: "Canada", zipCode: "K1A 0B1" }, { state: "Choose a province or territory from the list" }],
    [{ country: "United Kingdom", state: "", zipCode: "SW1A 1AA" }, {}],
    [{ country: "United Kingdom", zipCode: "62701" }, { zipCode: "Enter a UK postcode like SW1A 1AA" }],
    [{ country: "France" }, { country: fieldMessages.countryInvalid }],
    [{ zipCode: "<script>" }, { zipCode: "Enter a 5-digit ZIP code, or ZIP+4 like 12345-6789" }],
    [{ state: "Ontario" }, { state: "Choose a state from the list" }],
    [{ zipCode: "1".repeat(13) }, { zipCode: fieldMessages.tooLong(12) }],
    [{ state: "x".repeat(101) }, { state: fieldMessages.tooLong(100) }],
    [{ isDefault: "on" }, {}],
  ])("%j", (change, expected) => {
    expect(errorsOf(addressSchema, { ...ok, ...change })).toEqual(expected);
  });

  it("shows the country's problems beside the others", () => {
    expect(errorsOf(addressSchema, { ...ok, name: "", zipCode: "1" })).toEqual({
      name: fieldMessages.nameRequired,
      zipCode: "Enter a 5-digit ZIP code, or ZIP+4 like 12345-6789",
    });
  });

  it.each([
    [
      { state: "illinois", zipCode: "627011234" },
      { state: "IL", zipCode: "62701-1234" },
    ],
    [
      { country: "Canada", state: "quebec", zipCode: "h2x-1y4" },
      { state: "QC", zipCode: "H2X 1Y4" },
    ],
    [
      { country: "United Kingdom", state: " Kent ", zipCode: "ct1 2eh" },
      { state: "Kent", zipCode: "CT1 2EH" },
    ],
  ])("stores %j as %j", (change, stored) => {
    const result = parseFields(addressSchema, { ...ok, ...change });
    expect(result.ok && { state: result.data.state, zipCode: result.data.zipCode }).toEqual(stored);
  });

  it("reads a ticked checkbox", () => {
    const result = parseFields(addressSchema, { ...ok, isDefault: "on" });
    expect(result.ok && result.data.isDefault).toBe(true);
  });
});

describe("form helpers", () => {
  it("keeps the first text value of each field and ignores files", () => {
    const form = new FormData();
    form.append("a", "1");
    form.append("a", "2");
    form.append("f", new Blob(["x"]), "f.txt");
    expect(formFields(form)).toEqual({ a: "1" });
  });

  it("names whole-form problems 'form'", () => {
    const result = registerSchema.safeParse("nope");
    expect(!result.success && fieldErrors(result.error)).toHaveProperty("form");
  });
});
