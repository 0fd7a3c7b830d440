import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "react-router";
import { ServerRouter } from "react-router";
import { ServiceUnavailableError, UNAVAILABLE_MESSAGE } from "../domain/errors";
import { refusalOf } from "./lib/page-failure.server";

export const streamTimeout = 5_000;

/** Document requests whose loader or action found the database unreachable (see handleError). */
const unavailable = new WeakSet<Request>();

/**
 * Every loader or action error passes here before the page is drawn. React Router's own logging
 * (console.error, unless the request was aborted) is kept; an unreachable database
 * (docs/faults.md) is remembered for the request, so handleRequest answers 503 rather than 500.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted || error instanceof Response) return;
  const refusal = refusalOf(error);
  if (refusal?.kind === "unavailable") {
    unavailable.add(request);
    console.warn(`database unavailable while answering ${request.method} ${new URL(request.url).pathname}`);
    return;
  }
  console.error(error);
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
          // Errors inside the shell are logged by React Router itself; these come later, while streaming.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
