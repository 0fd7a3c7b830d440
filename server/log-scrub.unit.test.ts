import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { scrubLogArguments } from "./log-scrub";

/** A failed query as Drizzle reports it: its values in the message and in `params`. */
function failedQuery(params: unknown[], cause = Object.assign(new Error("disk full"), { code: "53100" })) {
  return new DrizzleQueryError('update "users" set "first_name" = $1 where "users"."id" = $2', params, cause);
}

describe("scrubLogArguments: the values a request carried never reach a log line", () => {
  it("keeps a failed query's text, type, cause and stack frames, and leaves its values out", () => {
    const error = failedQuery(["Ada-Secret", "user-1"]);
    const [{ err }] = scrubLogArguments([{ err: error }, "profile update failed"]) as unknown as [
      { err: DrizzleQueryError },
    ];
    expect(err).toBeInstanceOf(DrizzleQueryError);
    expect(err.message).toBe(
      'Failed query: update "users" set "first_name" = $1 where "users"."id" = $2\nparams: 2 values, not logged',
    );
    expect(err.query).toBe(error.query);
    expect(err.params).toBeUndefined();
    expect(err.cause).toBe(error.cause);
    expect(err.stack).toContain(err.message);
    expect(err.stack).toMatch(/\n {4}at /);
    expect(JSON.stringify({ ...err, message: err.message, stack: err.stack })).not.toContain("Ada-Secret");
    // The caller's error is left as it was.
    expect(error.params).toEqual(["Ada-Secret", "user-1"]);
  });

  it.each([
    [
      "a failed query's message as text",
      `Failed query: insert into "users" values ($1)\nparams: Ada-Secret,ada@example.com`,
    ],
    ["the same inside a list (better-auth's detail)", [`Failed query: select 1\nparams: Ada-Secret`]],
    ["the message of an error wrapping it", new Error(`Failed query: select 1\nparams: Ada-Secret: disk full`)],
    ["a wrapped failed query (cause)", Object.assign(new Error("outer"), { cause: failedQuery(["Ada-Secret"]) })],
    [
      "PostgreSQL's detail of a unique key",
      Object.assign(new Error("duplicate key value violates unique constraint"), {
        detail: "Key (email)=(Ada-Secret@example.com) already exists.",
      }),
    ],
    [
      "PostgreSQL's detail of a failing row",
      Object.assign(new Error("new row violates check constraint"), {
        detail: "Failing row contains (1, Ada-Secret, -5).",
      }),
    ],
  ])("%s", (_, value) => {
    const scrubbed = scrubLogArguments([{ detail: value }]);
    const seen = JSON.stringify(scrubbed, (_key, v) =>
      v instanceof Error ? { ...v, message: v.message, stack: v.stack, cause: v.cause } : v,
    );
    expect(seen).not.toContain("Ada-Secret");
  });

  it("says what a detail was about without its values", () => {
    const [{ err }] = scrubLogArguments([
      { err: Object.assign(new Error("duplicate key"), { detail: "Key (email)=(a@example.com) already exists." }) },
    ]) as [{ err: { detail: string } }];
    expect(err.detail).toBe("Key (email)=(…) already exists.");
  });

  it("hands ordinary lines through as they are", () => {
    const entry = { method: "POST", path: "/api/cart/quote", status: 200, ms: 3 };
    const args = [entry, "request"];
    const scrubbed = scrubLogArguments(args);
    expect(scrubbed).toEqual(args);
    expect(scrubbed[0]).toBe(entry);
  });
});
