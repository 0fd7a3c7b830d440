import { describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { type Phase, UNAVAILABLE_MESSAGES, UNAVAILABLE_RETRY_AFTER_SECONDS, unavailableApp } from "./unavailable";

const retryAfter = String(UNAVAILABLE_RETRY_AFTER_SECONDS);
const appOf = (phase: Phase) => unavailableApp({ phase, config: {}, logger: createLogger("silent") });

describe.each(["starting", "stopping"] as const)("the answers while the store is %s", (phase) => {
  const app = appOf(phase);
  const message = UNAVAILABLE_MESSAGES[phase];
  it.each([
    // method, path, status, content type, body contains, Retry-After
    ["GET", "/healthz", 200, "application/json", '{"status":"ok"}', null],
    ["GET", "/readyz", 503, "application/json", JSON.stringify({ status: phase }), retryAfter],
    ["GET", "/", 503, "text/html", message, retryAfter],
    ["GET", "/product/123", 503, "text/html", message, retryAfter],
    ["POST", "/login", 503, "text/html", message, retryAfter],
    ["GET", "/assets/entry.client-abc.js", 503, "text/html", message, retryAfter],
    ["GET", "/api/events", 503, "application/json", JSON.stringify({ message }), retryAfter],
    ["POST", "/api/create-paypal-order", 503, "application/json", JSON.stringify({ message }), retryAfter],
  ])("%s %s → %i", async (method, path, status, type, body, retry) => {
    const res = await app.request(path, { method });
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toContain(type);
    expect(await res.text()).toContain(body);
    expect(res.headers.get("retry-after")).toBe(retry);
    // Never cached: a proxy must not keep the "starting" page for the store's real pages.
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("carries the store's security headers and a request id", async () => {
    const res = await app.request("/");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
  });
});

describe("while the store waits for its database", () => {
  it("says in /readyz what it waits for: the database's host and the error code", async () => {
    let reason: { host: string; code: string } | undefined;
    const app = unavailableApp({ phase: "starting", config: {}, logger: createLogger("silent"), reason: () => reason });
    expect(await (await app.request("/readyz")).json()).toEqual({ status: "starting" });
    reason = { host: "db.internal:5432", code: "ECONNREFUSED" };
    const res = await app.request("/readyz");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: "starting",
      reason: { host: "db.internal:5432", code: "ECONNREFUSED" },
    });
    // Everything else stays the plain "starting" answer.
    const page = await app.request("/");
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe(retryAfter);
  });
});
