import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";

/**
 * The tests' API client keeps no connection between calls (`connectionPerCall` in fixtures.ts), so
 * no call can be sent on a connection the store is closing (the "read ECONNRESET" of a 0.6.0 CI
 * run). A server of the test's own counts the requests on each connection and resets any second
 * one, the way a closed kept connection looks to a client that sent its request just too late.
 */
test("every API call goes on a connection of its own, so none meets a closing kept connection", async ({ context }) => {
  const served = new WeakMap<object, number>();
  const server = http.createServer((req, res) => {
    const count = (served.get(req.socket) ?? 0) + 1;
    served.set(req.socket, count);
    if (count > 1) req.socket.resetAndDestroy();
    else res.end(`request ${count} on this connection (${req.headers.connection})`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  try {
    for (const call of [() => context.request.get(url), () => context.request.post(url, { data: "x" })]) {
      expect(await (await call()).text()).toBe("request 1 on this connection (close)");
      expect(await (await call()).text()).toBe("request 1 on this connection (close)");
    }
    // A call that keeps its connection on purpose is sent on the kept one, and meets the reset.
    const kept = { headers: { connection: "keep-alive" } };
    expect(await (await context.request.get(url, kept)).text()).toBe("request 1 on this connection (keep-alive)");
    await expect(context.request.get(url, kept)).rejects.toThrow(/ECONNRESET|socket hang up/);
  } finally {
    server.close();
  }
});
