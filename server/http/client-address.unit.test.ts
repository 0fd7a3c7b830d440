import { describe, expect, it } from "vitest";
import { publicOriginOf, publicRequest } from "./client-address";

const PUBLIC = "https://shop.example";

describe("publicOriginOf", () => {
  it.each<[string, string, string | undefined, boolean, "http" | "https" | null, string]>([
    [
      "a TLS-terminating proxy passing Host (trusted or not)",
      "http://shop.example/login",
      "shop.example",
      false,
      null,
      "https://shop.example",
    ],
    ["Host in another case", "http://shop.example/login", "SHOP.example", false, null, "https://shop.example"],
    [
      "Host with the default port written out",
      "http://shop.example:443/login",
      "shop.example:443",
      false,
      null,
      "https://shop.example",
    ],
    [
      "a trusted proxy passing its upstream address as Host",
      "http://127.0.0.1:3000/login",
      "127.0.0.1:3000",
      true,
      "https",
      "https://shop.example",
    ],
    [
      "a trusted proxy without X-Forwarded-Proto",
      "http://10.0.0.5:3000/login",
      "10.0.0.5:3000",
      true,
      null,
      "https://shop.example",
    ],
    [
      "a trusted proxy that says the browser used plain HTTP",
      "http://shop.example/login",
      "shop.example",
      true,
      "http",
      "http://shop.example",
    ],
    [
      "direct access on another name keeps its own origin",
      "http://127.0.0.1:3000/login",
      "127.0.0.1:3000",
      false,
      null,
      "http://127.0.0.1:3000",
    ],
    [
      "an untrusted peer's X-Forwarded-Proto counts for nothing",
      "http://evil.example/login",
      "evil.example",
      false,
      null,
      "http://evil.example",
    ],
    [
      "the public host on another port is another origin",
      "http://shop.example:8080/login",
      "shop.example:8080",
      false,
      null,
      "http://shop.example:8080",
    ],
  ])("%s", (_label, requestUrl, host, viaTrustedProxy, forwardedProto, expected) => {
    expect(publicOriginOf({ requestUrl, host, publicUrl: PUBLIC, viaTrustedProxy, forwardedProto })).toBe(expected);
  });
});

describe("publicRequest", () => {
  it("keeps method, headers, path, query and body, with the public origin", async () => {
    const raw = new Request("http://127.0.0.1:3000/login?redirectTo=%2Forders", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: "a=b" },
      body: "email=ada%40example.com",
    });
    const rebuilt = publicRequest(raw, PUBLIC);
    expect(rebuilt.url).toBe("https://shop.example/login?redirectTo=%2Forders");
    expect(rebuilt.method).toBe("POST");
    expect(rebuilt.headers.get("cookie")).toBe("a=b");
    expect(await rebuilt.text()).toBe("email=ada%40example.com");
  });

  it("hands the same request on when its origin is already the public one", () => {
    const raw = new Request("https://shop.example/");
    expect(publicRequest(raw, PUBLIC)).toBe(raw);
  });
});
