import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { ServiceUnavailableError, UNAVAILABLE_MESSAGE } from "../domain/errors";
import { refusalOf } from "./lib/page-failure.server";

export const streamTimeout = 5_000;

/** Document requests whose loader or action found the database unreachable (see handleError). */
const unavailable = new WeakSet<Request>();

/**
 * Every loader or action error passes here before the page is drawn, and is logged through the
 * store's logger as one JSON line with the request's id (never console: docs/deploy.md, "Logs"):
 * a bug at error; a route's own 4xx (no route for the address) at debug, the request's line says
 * 404. An unreachable database (docs/faults.md) is remembered for the request, so handleRequest
 * answers 503 rather than 500; the outage is logged once, not per page (server/db/outage.ts).
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted || error instanceof Response) return;
  const log = context.logger;
  const path = new URL(request.url).pathname;
  const refusal = refusalOf(error);
  if (refusal?.kind === "unavailable") {
    unavailable.add(request);
    log.debug({ method: request.method, path }, "page answered 503: the database cannot be reached");
    return;
  }
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.debug({ method: request.method, path, status: error.status }, "page refused");
    return;
  }
  // React Router wraps some errors (its own 500s); the cause is what to read.
  const wrapped = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const err = wrapped ?? error;
  log.error({ err, method: request.method, path }, "page failed");
}

/**
 * React Router's default Node entry, plus the Content-Security-Policy nonce: the server puts
 * this response's nonce in the load context (server/http/csp.ts), ServerRouter gives it to
 * <Scripts>, <ScrollRestoration> and its own inline scripts, and React to the scripts it
 * streams for Suspense boundaries. Without it the policy would block hydration.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (unavailable.has(request)) {
    // Thrown, React Router draws the page again with this 503 at the boundary (the store's error
    // page, "Back in a moment") instead of the 500 a loader's untyped error would give.
    unavailable.delete(request);
    throw new Response(UNAVAILABLE_MESSAGE, { status: 503, statusText: "Service Unavailable" });
  }
  // An unreachable database, by a loader's own throwForBoundary or the rethrow above: try again shortly.
  if (responseStatusCode === 503)
    responseHeaders.set("Retry-After", String(new ServiceUnavailableError().retryAfterSeconds));
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers (and SPA mode) get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors inside the shell reach handleError through React Router; these come later, while streaming.
          if (shellRendered) loadContext.logger.error({ err: error }, "page failed while streaming");
        },
      },
    );
  });
}
