import { describe, expect, it } from "vitest";
import { createReportLimiter, parseCspReports } from "./csp-report";

describe("parseCspReports", () => {
  it("reads the report-uri shape, without query strings", () => {
    const [violation] = parseCspReports({
      "csp-report": {
        "document-uri": "https://shop.example/reset-password?token=SECRET",
        "violated-directive": "script-src-elem",
        "effective-directive": "script-src-elem",
        "blocked-uri": "https://evil.example/x.js?session=abc",
        "source-file": "https://shop.example/assets/a.js",
        "line-number": 3,
      },
    });
    expect(violation).toEqual({
      documentUrl: "https://shop.example/reset-password",
      directive: "script-src-elem",
      blockedUrl: "https://evil.example/x.js",
      sourceFile: "https://shop.example/assets/a.js",
      line: 3,
      disposition: null,
    });
  });

  it("reads the Reporting API's list and skips other report types", () => {
    const violations = parseCspReports([
      {
        type: "csp-violation",
        body: {
          documentURL: "https://shop.example/",
          effectiveDirective: "img-src",
          blockedURL: "data",
          disposition: "enforce",
        },
      },
      { type: "deprecation", body: { id: "x" } },
    ]);
    expect(violations).toEqual([
      {
        documentUrl: "https://shop.example/",
        directive: "img-src",
        blockedUrl: "data",
        sourceFile: null,
        line: null,
        disposition: "enforce",
      },
    ]);
  });

  it.each([null, 42, "text", {}, { "csp-report": "x" }, [{ type: "csp-violation" }]])("finds nothing in %j", (body) => {
    expect(parseCspReports(body)).toEqual([]);
  });

  it("cuts long fields", () => {
    const [violation] = parseCspReports({ "csp-report": { "violated-directive": "x".repeat(5000) } });
    expect(violation.directive).toHaveLength(300);
  });
});

describe("createReportLimiter", () => {
  it("allows a few reports per address and a bounded total per window", () => {
    const allow = createReportLimiter({ perAddress: 2, total: 3, windowMs: 60_000 });
    expect([allow("a", 0), allow("a", 1), allow("a", 2)]).toEqual([true, true, false]);
    expect([allow("b", 3), allow("c", 4)]).toEqual([true, false]);
    expect(allow("a", 60_000)).toBe(true);
  });
});
