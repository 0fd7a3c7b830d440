import { createServer as createHttpServer } from "node:http";
import type { ServerBuild } from "react-router";

/**
 * `npm run dev`: the store with hot reload, on the same defaults as `npm start`. The same Hono app
 * as in production answers every request (API, security headers, CSP, page caching); only the
 * pages come from Vite in middleware mode instead of the build: Vite's middlewares answer its own
 * module and asset requests (and the files in public/) first, and each page request loads the
 * current server build from Vite, so an edited route is served on the next request and the
 * browser updates through HMR. Vite's HMR socket shares the store's port, so the CSP's
 * connect-src 'self' covers it and two dev servers on one machine don't collide.
 * See docs/decisions/020-dev-server.md.
 */

// React and React Router choose their development builds from NODE_ENV when first imported:
// set it before the store's modules load (an explicit NODE_ENV is kept).
process.env.NODE_ENV ??= "development";
const { startStore } = await import("./start");
const { createLogger } = await import("./logger");

startStore(async () => {
  const http = createHttpServer();
  const { createServer } = await import("vite");
  const ownListeners = new Set(process.listeners("SIGTERM"));
  const vite = await createServer({ server: { middlewareMode: true, hmr: { server: http } }, appType: "custom" });
  // React Router's plugin starts helper Vite servers, and Vite makes the process exit at once on
  // SIGTERM for those (code 143). The store's own graceful stop (server/start.ts) answers SIGTERM
  // instead, as in production: requests in flight finish, the database closes, then Vite.
  for (const listener of process.listeners("SIGTERM"))
    if (!ownListeners.has(listener)) process.off("SIGTERM", listener);
  return {
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    createServer: (_options, listener) => {
      http.on("request", (req, res) => vite.middlewares(req, res, () => listener(req, res)));
      return http;
    },
    close: () => vite.close(),
  };
}).catch((error) => {
  // One JSON line like every other (a database folder in use, a migration that fails...), then exit.
  createLogger("info").fatal({ err: error }, `start-up failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
