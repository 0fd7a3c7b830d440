import type { z } from "zod";

/** The text fields of a submitted form (files and repeated keys beyond the first are ignored). */
export function formFields(formData: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string" && !(key in fields)) fields[key] = value;
  }
  return fields;
}

export type FieldErrors = Record<string, string>;

/** The first message for each field, keyed by the field's name ("form" for whole-form problems). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Validates form fields with a schema: the same call in the action and in the browser. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): Parsed<z.output<S>> {
  const result = schema.safeParse(fields);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}
