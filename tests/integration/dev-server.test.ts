import { afterEach, describe, expect, it } from "vitest";
import { DEV_SERVER, killRunning, startStore } from "../helpers/process";
import { migratedDataDir } from "../helpers/data-dir";

afterEach(killRunning);

describe("npm run dev", () => {
  it("serves the store from the sources through Vite, under the same CSP, and stops on SIGTERM", async () => {
    const dataDir = migratedDataDir("store-dev-");
    const dev = await startStore({ DATA_DIR: dataDir, DEMO_DATA: "0", NODE_ENV: "development" }, DEV_SERVER);
    expect(dev.child.exitCode, dev.output()).toBeNull();
    expect((await fetch(`${dev.url}/readyz`)).status).toBe(200);

    const home = await fetch(dev.url);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain("<title>Threadline</title>");
    expect(html).toContain("No products available right now.");
    // The pages come from the sources with Vite's hot-reload runtime, not from a build.
    expect(html).toContain("/app/root.tsx");
    expect(html).toContain("virtual:react-router/inject-hmr-runtime");

    // The same policy as in production: every inline script carries this response's nonce.
    const csp = home.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toContain("unsafe-eval");
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

    // Vite's middlewares answer its own modules before the store's routes.
    const client = await fetch(`${dev.url}/@vite/client`);
    expect(client.status).toBe(200);
    expect(client.headers.get("content-type")).toContain("javascript");

    // The build comes from Vite per request: /metrics still counts the page under its route pattern (decision 042).
    const metrics = await (await fetch(`${dev.url}/metrics`)).text();
    expect(metrics).toMatch(/^threadline_http_requests_total\{method="GET",route="\/",status="200"\} 1$/m);

    dev.child.kill("SIGTERM");
    expect(await dev.exited).toBe(0);
    expect(dev.output()).toContain('"msg":"stopped"');
  }, 300_000);
});
