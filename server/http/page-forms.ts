import type { MiddlewareHandler } from "hono";
import { bodyLimitFor } from "./body-limits";
import type { AppEnv } from "./request-context";

const WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const FORM_TYPE_REFUSED = "Forms must be sent as application/x-www-form-urlencoded or multipart/form-data.";
export const FORM_UNREADABLE = "The form could not be read. Please try again.";

export type FormCheck = { ok: true } | { ok: false; status: 400 | 415; message: string };

/** What a page's action can be given, judged from the Content-Type alone. */
export function checkFormType(contentType: string | undefined): FormCheck | "parse" {
  const [type = "", ...params] = (contentType ?? "").split(";").map((p) => p.trim());
  switch (type.toLowerCase()) {
    case "application/x-www-form-urlencoded":
      // Any bytes decode as a urlencoded form: nothing can break it.
      return { ok: true };
    case "multipart/form-data":
      if (!params.some((p) => /^boundary=.+/i.test(p))) return { ok: false, status: 400, message: FORM_UNREADABLE };
      return "parse";
    default:
      return { ok: false, status: 415, message: FORM_TYPE_REFUSED };
  }
}

/**
 * Page actions read forms, and a body that is not one would make request.formData() throw
 * inside an action: a 500 for what is the sender's mistake. So a page request with a body
 * must be a form: other types are answered 415, a multipart body that does not parse 400,
 * before React Router sees them. Multipart bodies here are small (the 64 KB default limit)
 * and parsed once to check them; the product upload pages, whose bodies are large, check
 * their own form and answer 400 themselves (app/lib/product-form-action.server.ts).
 */
export function pageForms(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!WITH_BODY.has(c.req.method)) return next();
    const check = checkFormType(c.req.header("content-type"));
    if (check === "parse") {
      if (bodyLimitFor(c.req.path).name === "product upload") return next();
      const bytes = await c.req.raw.arrayBuffer();
      const readable = await new Response(bytes, { headers: { "content-type": c.req.header("content-type")! } })
        .formData()
        .then(() => true)
        .catch(() => false);
      if (!readable) return c.text(FORM_UNREADABLE, 400);
      c.req.raw = new Request(c.req.raw, { body: bytes });
      return next();
    }
    if (!check.ok) return c.text(check.message, check.status);
    return next();
  };
}
