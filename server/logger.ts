import pino from "pino";
import { scrubLogArguments } from "./log-scrub";

export type Logger = pino.Logger;

/**
 * Structured JSON logs. Paths that could carry secrets are redacted even if a caller
 * logs a whole object by mistake.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
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
