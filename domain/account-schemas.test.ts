import { describe, expect, it } from "vitest";
import { fieldMessages, loginSchema, profileSchema, registerSchema, resetPasswordSchema } from "./account-schemas";
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
