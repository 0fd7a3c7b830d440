import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { z } from "zod";
import { InvalidInputError, PayloadTooLargeError, UnsupportedMediaTypeError } from "../../domain/errors";
import { failureResponse } from "./failure";
import type { AppEnv } from "./request-context";

/** A cap on the body of a JSON endpoint: past it, 413 through the one failure mapping. */
export const jsonBodyLimit = (maxSize: number): MiddlewareHandler<AppEnv> =>
  bodyLimit({ maxSize, onError: (c) => failureResponse(c as Context<AppEnv>, new PayloadTooLargeError()) });

/**
 * The one body reader of the JSON endpoints: another Content-Type is 415, a body that is not
 * JSON 400, and one the schema refuses 400 with `messageOf`'s message (each endpoint words its
 * own first problem). Throws the typed errors of domain/errors.ts; failureResponse answers them.
 */
export async function readJsonBody<S extends z.ZodType>(
  c: Context<AppEnv>,
  schema: S,
  messageOf: (error: z.ZodError) => string,
): Promise<z.output<S>> {
  if (!/^application\/json\b/i.test(c.req.header("content-type") ?? "")) {
    throw new UnsupportedMediaTypeError("The request body must be JSON (Content-Type: application/json)");
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new InvalidInputError("The request body is not valid JSON");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new InvalidInputError(messageOf(parsed.error));
  return parsed.data;
}
