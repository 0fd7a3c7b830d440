import { describe, expect, it } from "vitest";
import { requestLine } from "./request-context";

describe("a request's log line", () => {
  it.each<[number, string, "info" | "warn", string | null]>([
    [200, "/", "warn", "info request"],
    [404, "/product/nope", "warn", "info request"],
    [401, "/api/auth/sign-in/email", "warn", "info request"],
    [302, "/api/auth/callback/google", "warn", "info request"],
    [500, "/", "warn", "error request failed"],
    [502, "/api/paypal/orders", "warn", "error request failed"],
    // The database away: the outage has its own lines; each 503 is a warning, not an error.
    [503, "/", "warn", "warn request unavailable"],
    // Starting or draining: expected, Retry-After says when to come back.
    [503, "/", "info", "info request unavailable"],
    [503, "/api/cart/quote", "info", "info request unavailable"],
    // Probes: their state is logged elsewhere; only a real failure is a line.
    [200, "/healthz", "warn", null],
    [200, "/readyz", "warn", null],
    [503, "/readyz", "warn", null],
    [503, "/readyz", "info", null],
    [500, "/readyz", "warn", "error request failed"],
  ])("%i on %s (503s at %s)", (status, path, unavailable, expected) => {
    const line = requestLine(status, path, unavailable);
    expect(line && `${line.level} ${line.message}`).toBe(expected);
  });
});
