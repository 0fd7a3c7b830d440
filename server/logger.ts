import { format } from "node:util";
import pino from "pino";
import { currentRequest } from "./request-scope";
import { scrubLogArguments } from "./log-scrub";

export type Logger = pino.Logger;

/** A line's request fields: the request id, and the acting account once known (server/request-scope.ts). */
function requestFields(): Record<string, string> {
  const scope = currentRequest();
  if (!scope) return {};
  return scope.accountId ? { requestId: scope.requestId, accountId: scope.accountId } : { requestId: scope.requestId };
}

/**
 * Structured JSON logs, one object per line (docs/deploy.md, "What to monitor"). Paths that could
 * carry secrets are redacted even if a caller logs a whole object by mistake. A line written
 * while a request is answered carries its `requestId` and, once the session is read, the acting
 * `accountId`.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      mixin: requestFields,
      redact: {
        paths: [
          "password",
          "*.password",
          "token",
          "*.token",
          "secret",
          "*.secret",
          "cookie",
          "*.cookie",
          "headers.cookie",
          "headers.authorization",
          "*.headers.cookie",
          "*.headers.authorization",
          "authorization",
          "*.authorization",
        ],
        censor: "[redacted]",
      },
      timestamp: pino.stdTimeFunctions.isoTime,
      // A failed query's values and the values PostgreSQL's detail quotes (a form's fields, a
      // sign-up's e-mail) are left out of every line, whoever logs the error (server/log-scrub.ts).
      hooks: {
        logMethod(args, method) {
          method.apply(this, scrubLogArguments(args));
        },
      },
    },
    destination,
  );
}

const CONSOLE_LEVELS = { log: "info", info: "info", debug: "debug", warn: "warn", error: "error" } as const;

/**
 * Makes what libraries print with `console` (React Router's notes on a POST to a page without an
 * action, React's) JSON lines of `logger`, at the matching level, marked `source: "console"`.
 * Only for the built store: the dev server keeps Vite's console as it is.
 */
export function routeConsoleToLog(logger: Logger): void {
  for (const [method, level] of Object.entries(CONSOLE_LEVELS)) {
    console[method as keyof typeof CONSOLE_LEVELS] = (...args: unknown[]) => {
      const [first, ...rest] = args;
      if (first instanceof Error)
        logger[level]({ err: first, source: "console" }, rest.length ? format(...rest) : first.message);
      else logger[level]({ source: "console" }, format(...args));
    };
  }
}

/**
 * Makes what Node itself would print on the process's own account go through `logger` as JSON
 * lines: warnings (Node's default handler writes plain text to stderr), and an uncaught exception
 * or unhandled rejection, logged as `fatal` before the process exits with code 1 (pino flushes on
 * exit). Called once by the store's start (server/start.ts).
 */
export function logProcessEvents(logger: Logger, exit: (code: number) => void = process.exit): void {
  process.removeAllListeners("warning");
  process.on("warning", (warning) => {
    logger.warn(
      { warning: { name: warning.name, code: (warning as { code?: string }).code, message: warning.message } },
      "node warning",
    );
  });
  process.on("uncaughtException", (err, origin) => {
    logger.fatal({ err, origin }, "uncaught exception; exiting");
    exit(1);
  });
  process.on("unhandledRejection", (reason) => {
    logger.fatal({ err: reason }, "unhandled promise rejection; exiting");
    exit(1);
  });
}
