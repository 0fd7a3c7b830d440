/**
 * Request bodies are never logged (README, Operations). The request log writes none, but an
 * error can carry one: Drizzle's failed query puts every value it sent in its message
 * ("Failed query: …\nparams: Ada,ada@example.com") and in `params`, and PostgreSQL's `detail`
 * quotes the values of a key or a row ("Key (email)=(ada@example.com) already exists."). A form's
 * fields, a sign-up's name and e-mail would reach the log that way. server/logger.ts runs every
 * line's arguments through scrubLogArguments, so whoever logs an error (the app's 500 handler, a
 * page action, better-auth's logger, a library through `console`) logs it without those values.
 */

const PARAMS = "\nparams: ";
const MAX_DEPTH = 5;

/** A failed query's message without its values: everything after "\nparams: " goes (the values end Drizzle's message). */
function scrubText(text: string): string {
  const at = text.indexOf(PARAMS);
  return at === -1 ? text : `${text.slice(0, at)}${PARAMS}not logged`;
}

/** PostgreSQL's detail without the values it quotes: "Key (email)=(…) already exists.", "Failing row contains (…)." */
function scrubDetail(detail: string): string {
  return detail.replace(/=\(.*\)/s, "=(…)").replace(/contains \(.*\)/s, "contains (…)");
}

/** The frames of a stack, without its first line (which repeats the message). */
const framesOf = (stack: string | undefined) => (stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));

function scrubError(error: Error, depth: number): Error {
  const fields = error as Error & { query?: unknown; params?: unknown; detail?: unknown; cause?: unknown };
  const isFailedQuery = typeof fields.query === "string" && Array.isArray(fields.params);
  const message = isFailedQuery
    ? `Failed query: ${fields.query}${PARAMS}${(fields.params as unknown[]).length} values, not logged`
    : scrubText(error.message);
  const detail = typeof fields.detail === "string" ? scrubDetail(fields.detail) : fields.detail;
  const cause = fields.cause === undefined ? undefined : scrub(fields.cause, depth + 1);
  if (message === error.message && detail === fields.detail && cause === fields.cause && !isFailedQuery) return error;
  // A copy of the same class (its name stays the log's `type`), with the caller's error untouched.
  const copy = Object.create(Object.getPrototypeOf(error)) as Error & Record<string, unknown>;
  for (const key of Object.keys(error))
    if (key !== "params") copy[key] = (error as unknown as Record<string, unknown>)[key];
  Object.defineProperty(copy, "message", { value: message, writable: true, configurable: true });
  Object.defineProperty(copy, "stack", {
    value: [`${error.name}: ${message}`, ...framesOf(error.stack)].join("\n"),
    writable: true,
    configurable: true,
  });
  if (detail !== undefined) copy.detail = detail;
  if (cause !== undefined)
    Object.defineProperty(copy, "cause", {
      value: cause,
      writable: true,
      configurable: true,
      enumerable: Object.keys(error).includes("cause"),
    });
  return copy;
}

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === "string") return scrubText(value);
  if (depth > MAX_DEPTH || value === null || typeof value !== "object") return value;
  if (value instanceof Error) return scrubError(value, depth);
  if (Array.isArray(value)) {
    const items = value.map((item) => scrub(item, depth + 1));
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  // Plain objects only: anything else (a Buffer, a Date, a class instance) is logged as it is.
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const scrubbed = scrub(item, depth + 1);
    if (scrubbed !== item) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[key] = scrubbed;
    }
  }
  return copy ?? value;
}

/** A log call's arguments (the merged object, the message, format values) with query values and row values left out. */
export function scrubLogArguments<T extends unknown[]>(args: T): T {
  let changed = false;
  const scrubbed = args.map((arg) => {
    const result = scrub(arg, 0);
    if (result !== arg) changed = true;
    return result;
  });
  return (changed ? scrubbed : args) as T;
}
