import { describe, expect, it } from "vitest";
import { JPEG_PICTURE, mailPictureUrl, providerPictureUrl, variantUrl } from "./images";

describe("variantUrl", () => {
  it.each([
    ["/media/products/1_dress", 320, "/media/products/1_dress-320.webp"],
    ["https://cdn.example/products/1_dress", 960, "https://cdn.example/products/1_dress-960.webp"],
  ] as const)("%s at %i is %s", (address, width, url) => {
    expect(variantUrl(address, width)).toBe(url);
  });
});

describe("providerPictureUrl (decision 048)", () => {
  it.each([
    ["/media/products/1_dress", "https://shop.example", "https://shop.example/media/products/1_dress-640.jpg"],
    ["/media/products/1_dress", "http://127.0.0.1:3000", "http://127.0.0.1:3000/media/products/1_dress-640.jpg"],
    // Held on S3: only the WebP variants exist there.
    ["https://cdn.example/products/1_dress", "https://shop.example", "https://cdn.example/products/1_dress-640.webp"],
    ["javascript:alert(1)", "https://shop.example", undefined],
  ])("%s from %s is %s", (address, publicUrl, url) => {
    expect(providerPictureUrl(address, publicUrl)).toBe(url);
  });
});

describe("JPEG_PICTURE", () => {
  it.each([
    ["/media/products/1_dress-640.jpg", ["products/1_dress", "640"]],
    ["/media/products/1_dress-320.jpg", ["products/1_dress", "320"]],
    ["/media/products/1_dress-641.jpg", null],
    ["/media/products/1_dress-640.webp", null],
    ["/assets/x-640.jpg", null],
  ])("%s", (path, groups) => {
    const match = JPEG_PICTURE.exec(path);
    expect(match ? [match[1], match[2]] : null).toEqual(groups);
  });
});

describe("mailPictureUrl: JPEG or none", () => {
  it.each([
    ["/media/products/1_dress", "https://shop.example", "https://shop.example/media/products/1_dress-320.jpg"],
    ["/media/products/1_dress", "http://127.0.0.1:3000", "http://127.0.0.1:3000/media/products/1_dress-320.jpg"],
    // Held on S3: only WebP variants there, which many mail clients do not show.
    ["https://cdn.example/products/1_dress", "https://shop.example", undefined],
    ["javascript:alert(1)", "https://shop.example", undefined],
    ["/placeholder-product.svg", "https://shop.example", undefined],
  ])("%s from %s is %s", (address, publicUrl, url) => {
    expect(mailPictureUrl(address, publicUrl)).toBe(url);
  });
});
