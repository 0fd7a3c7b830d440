import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressTemplate, fillGzipTemplate } from "./gzip-template";

const NONCE = "q1w2e3r4t5y6u7i8o9p0aa==";

describe("a gzip template: compressed once, a fresh nonce put in per answer", () => {
  it.each<[string, string[]]>([
    ["no nonce at all", ["<html>just text</html>"]],
    ["a nonce in the middle", ['<script nonce="', '">go()</script>']],
    ["nonces at both ends and side by side", ["", " and ", "", ""]],
    ["non-ASCII text", ["<p>“Café” – ", "</p>"]],
    ["a page-sized body", [`<html>${"<li>Linen dress 49.90</li>".repeat(3000)}<script nonce="`, '">x</script></html>']],
    ["empty", [""]],
  ])("%s: gunzip gives the parts joined by the nonce", (_name, parts) => {
    const template = compressTemplate(parts);
    for (const nonce of [NONCE, "AAAAAAAAAAAAAAAAAAAAAA==", "x"]) {
      const body = fillGzipTemplate(template, nonce);
      expect(zlib.gunzipSync(body).toString("utf8")).toBe(parts.join(nonce));
    }
  });

  it("compresses a repetitive page well", () => {
    const page = `<html>${"<li>Linen dress 49.90</li>".repeat(3000)}</html>`;
    expect(fillGzipTemplate(compressTemplate([page]), NONCE).byteLength).toBeLessThan(page.length / 20);
  });

  it("refuses a nonce too long for one stored block", () => {
    expect(() => fillGzipTemplate(compressTemplate(["a", "b"]), "n".repeat(70_000))).toThrow(/nonce/);
  });
});
