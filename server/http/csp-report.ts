import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./request-context";
import { addressGroup } from "../net/addresses";

/** A browser's report, or a batch of a few, is well under this. */
export const CSP_REPORT_BODY_LIMIT = 16 * 1024;
/** Reports logged per client address (an IPv6 client: per /64) per minute, and from everyone per minute; the rest are dropped. */
export const CSP_REPORT_LIMITS = { perAddress: 20, total: 300, windowMs: 60_000 };

const TYPES = /^application\/(?:csp-report|reports\+json|json)\b/i;
const MAX_FIELD = 300;

export interface CspViolation {
  documentUrl: string | null;
  directive: string | null;
  blockedUrl: string | null;
  sourceFile: string | null;
  line: number | null;
  disposition: string | null;
}

/** Addresses without their query strings: a page's address may carry a one-time token. */
function withoutQuery(value: unknown): string | null {
  if (typeof value !== "string" || value === "") return null;
  return value.replace(/[?#].*$/s, "").slice(0, MAX_FIELD);
}

function text(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value.slice(0, MAX_FIELD) : null;
}

/**
 * The violations in a report body: the old `report-uri` shape ({"csp-report": {...}}) or the
 * Reporting API's list ([{type: "csp-violation", body: {...}}]). Anything else yields none.
 */
export function parseCspReports(body: unknown): CspViolation[] {
  const raw: Record<string, unknown>[] = [];
  if (Array.isArray(body)) {
    for (const item of body.slice(0, 20)) {
      if (item && typeof item === "object" && (item as { type?: unknown }).type === "csp-violation") {
        const inner = (item as { body?: unknown }).body;
        if (inner && typeof inner === "object") raw.push(inner as Record<string, unknown>);
      }
    }
  } else if (body && typeof body === "object" && "csp-report" in body) {
    const inner = (body as Record<string, unknown>)["csp-report"];
    if (inner && typeof inner === "object") raw.push(inner as Record<string, unknown>);
  }
  return raw.map((r) => ({
    documentUrl: withoutQuery(r.documentURL ?? r["document-uri"]),
    directive: text(r.effectiveDirective ?? r["effective-directive"] ?? r["violated-directive"]),
    blockedUrl: withoutQuery(r.blockedURL ?? r["blocked-uri"]),
    sourceFile: withoutQuery(r.sourceFile ?? r["source-file"]),
    line: typeof (r.lineNumber ?? r["line-number"]) === "number" ? Number(r.lineNumber ?? r["line-number"]) : null,
    disposition: text(r.disposition),
  }));
}

/** Fixed one-minute windows in memory: reports are only logged, so each instance counting its own is enough. */
export function createReportLimiter(limits = CSP_REPORT_LIMITS) {
  let windowStart = 0;
  let total = 0;
  const perAddress = new Map<string, number>();
  return (address: string, now = Date.now()): boolean => {
    if (now - windowStart >= limits.windowMs) {
      windowStart = now;
      total = 0;
      perAddress.clear();
    }
    const mine = perAddress.get(address) ?? 0;
    if (total >= limits.total || mine >= limits.perAddress) return false;
    total += 1;
    perAddress.set(address, mine + 1);
    return true;
  };
}

/**
 * POST /api/csp-report: browsers report Content-Security-Policy violations here, and each is
 * logged (warn, "csp violation") without query strings. The body is bounded, the reports
 * rate-limited per client address and in total; the answer is always empty.
 */
export function cspReportRoutes(options: { limits?: typeof CSP_REPORT_LIMITS } = {}) {
  const allow = createReportLimiter(options.limits);
  const app = new Hono<AppEnv>();
  app.post(
    "/",
    bodyLimit({ maxSize: CSP_REPORT_BODY_LIMIT, onError: (c) => c.json({ message: "Request body too large" }, 413) }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      if (!TYPES.test(c.req.header("content-type") ?? "")) return c.json({ message: "Expected a CSP report" }, 415);
      if (!allow(addressGroup(c.var.client.address ?? "unknown"))) return c.body(null, 429, { "Retry-After": "60" });
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return c.json({ message: "The report is not valid JSON" }, 400);
      }
      for (const violation of parseCspReports(body)) c.var.log.warn({ csp: violation }, "csp violation");
      return c.body(null, 204);
    },
  );
  return app;
}
