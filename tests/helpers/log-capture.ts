import { Writable } from "node:stream";
import { createLogger, type Logger } from "../../server/logger";

/** A logger at `level` whose lines (one JSON text each) are kept in `lines`, for tests that read what the store logged. */
export function capturedLogger(level: string): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger(level, sink), lines };
}
