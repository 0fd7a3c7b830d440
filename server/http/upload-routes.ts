import { type Handler, Hono } from "hono";
import type { ResumableUploads } from "../catalog/resumable-uploads";
import type { Services } from "../services";
import type { AppEnv } from "./request-context";

/**
 * /api/uploads: the administrator's resumable picture uploads (tus 1.0, decision 057). The
 * session is checked on every request (401 signed out, 403 anyone but the administrator), the
 * origin check runs before (server/http/origin-check.ts), and the body limit of
 * server/http/body-limits.ts caps a PATCH at the image limit; the upload's declared size caps
 * it further inside the tus server.
 */
export function uploadRoutes(services: Pick<Services, "auth"> & { uploads: ResumableUploads }) {
  const app = new Hono<AppEnv>();
  const tus: Handler<AppEnv> = async (c) => {
    const viewer = await services.auth.viewer(c.req.raw);
    if (!viewer) return c.json({ message: "Sign in required" }, 401);
    if (!viewer.isAdmin) return c.json({ message: "Forbidden" }, 403);
    const response = await services.uploads.handle(c.req.raw, viewer.id);
    if (response.status >= 500)
      c.var.log.warn({ status: response.status, method: c.req.method }, "upload request failed");
    return response;
  };
  // Creation; then an upload's HEAD (Hono answers HEAD through the GET route; a GET itself is 404),
  // PATCH and DELETE (Cancel). Each route is a row of the authorization matrix.
  app.post("/", tus);
  app.get("/:id", tus);
  app.patch("/:id", tus);
  app.delete("/:id", tus);
  return app;
}
