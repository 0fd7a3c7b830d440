import http from "node:http";
import type { AddressInfo } from "node:net";
import { ANY_WIDTH, expect, test } from "./fixtures";

/**
 * The tests' API client sends a request again after a reset on a kept connection
 * (`retryResets` in fixtures.ts), as Chromium does: the store closes idle keep-alive connections
 * after 5 s, and a call that met that close failed a CI run (returns.e2e.ts, "read ECONNRESET").
 * A server of the test's own resets every second request on a connection, the way that close
 * looks to a client that sent its request just too late.
 */
test(
  "an API call that meets a reset on a kept connection is sent again on a new one",
  ANY_WIDTH,
  async ({ context }) => {
    const served = new WeakMap<object, number>();
    const server = http.createServer((req, res) => {
      const count = (served.get(req.socket) ?? 0) + 1;
      served.set(req.socket, count);
      if (count === 2) req.socket.resetAndDestroy();
      else res.end(`request ${count} on this connection`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      expect(await (await context.request.get(url)).text()).toBe("request 1 on this connection");
      // The kept connection is reset; the call goes again on a new one and is answered.
      expect(await (await context.request.get(url)).text()).toBe("request 1 on this connection");
      expect(await (await context.request.post(url, { data: "x" })).text()).toBe("request 1 on this connection");
      // Without the retries the same reset reaches the test.
      await expect(context.request.get(url, { maxRetries: 0 })).rejects.toThrow(/ECONNRESET/);
    } finally {
      server.close();
    }
  },
);
