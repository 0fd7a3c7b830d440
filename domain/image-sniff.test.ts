import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { sniffImageKind } from "./image-sniff";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("sniffImageKind", () => {
  it.each(["png", "jpeg", "webp"] as const)("recognises a real %s", async (format) => {
    const image = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#336699" } })
      .toFormat(format)
      .toBuffer();
    expect(sniffImageKind(image)).toBe(format);
  });

  it.each([
    ["an SVG", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ["an SVG with an XML declaration", '<?xml version="1.0"?><svg/>'],
    ["HTML", "<!doctype html><html><body><script>alert(1)</script></body></html>"],
    ["a GIF", "GIF89a\u0001\u0000\u0001\u0000"],
    ["a RIFF that is not WebP (WAV)", "RIFF\u0024\u0000\u0000\u0000WAVEfmt "],
    ["an empty file", ""],
    ["text that mentions PNG", "PNG image, honestly"],
  ])("refuses %s", (_label, content) => {
    expect(sniffImageKind(bytes(content))).toBeUndefined();
  });

  it("refuses PNG's magic cut short, a PDF and a ZIP", () => {
    expect(sniffImageKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBeUndefined();
    expect(sniffImageKind(bytes("%PDF-1.7"))).toBeUndefined();
    expect(sniffImageKind(new Uint8Array([0x50, 0x4b, 0x03, 0x04]))).toBeUndefined();
  });
});
