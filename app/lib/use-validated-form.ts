import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { type FieldErrors, formFields, parseFields } from "../../domain/forms";

export interface ValidatedFormOptions {
  /** The errors of the last answer from the server (the action checks the same schema again). */
  serverErrors?: FieldErrors | null;
  /** The values to check (default: the form's text fields). */
  values?: (form: FormData) => Record<string, unknown>;
  /** Checks beyond the schema, e.g. how many images the form holds. */
  check?: (form: FormData) => FieldErrors | null | undefined;
}

/**
 * The browser's check of a form before it is sent: the same schema as the action, so a
 * mistake is named next to its field without a round trip. `onSubmit` stops the submission
 * when something is wrong (and answers whether the form may go); `errors` are the browser's
 * findings, or the server's until the form is submitted again.
 */
export function useValidatedForm(schema: z.ZodType, options: ValidatedFormOptions = {}) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>): boolean {
    const form = new FormData(event.currentTarget);
    const parsed = parseFields(schema, (options.values ?? formFields)(form));
    const found: FieldErrors = { ...(parsed.ok ? {} : parsed.errors), ...options.check?.(form) };
    const ok = Object.keys(found).length === 0;
    setClientErrors(ok ? null : found);
    if (!ok) event.preventDefault();
    return ok;
  }

  return { errors: clientErrors ?? options.serverErrors ?? {}, onSubmit };
}
