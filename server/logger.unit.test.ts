import { afterEach, describe, expect, it } from "vitest";
import { createLogger, routeConsoleToLog } from "./logger";
import { inRequest, noteAccount } from "./request-scope";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger("debug", { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe("log lines", () => {
  it("carry the request's id, and the acting account once known, while a request is answered", async () => {
    const { logger, lines } = capture();
    const service = logger.child({ component: "admin-orders" });
    logger.info("outside");
    await inRequest({ requestId: "req-12345678" }, async () => {
      service.info("before the session is read");
      await Promise.resolve();
      noteAccount("acct-1");
      // The work goes on in a later turn of the event loop, as after a query's answer.
      await new Promise((r) => setImmediate(r));
      service.info({ orderId: "o1" }, "order status changed");
    });
    logger.info("after");
    expect(lines.map(({ msg, requestId, accountId }) => ({ msg, requestId, accountId }))).toEqual([
      { msg: "outside", requestId: undefined, accountId: undefined },
      { msg: "before the session is read", requestId: "req-12345678", accountId: undefined },
      { msg: "order status changed", requestId: "req-12345678", accountId: "acct-1" },
      { msg: "after", requestId: undefined, accountId: undefined },
    ]);
    expect(lines[2]).toMatchObject({ component: "admin-orders", orderId: "o1" });
  });

  it("keeps two requests' accounts apart", async () => {
    const { logger, lines } = capture();
    // Interleaved: two logs after one has noted Alice and before one logs, each resumed by the other.
    let aliceNoted = () => {};
    const noted = new Promise<void>((resolve) => {
      aliceNoted = resolve;
    });
    let twoLogged = () => {};
    const logged = new Promise<void>((resolve) => {
      twoLogged = resolve;
    });
    const one = inRequest({ requestId: "req-one-0001" }, async () => {
      noteAccount("alice");
      aliceNoted();
      await logged;
      logger.info("one");
    });
    const two = inRequest({ requestId: "req-two-0002" }, async () => {
      await noted;
      logger.info("two");
      twoLogged();
    });
    await Promise.all([one, two]);
    expect(lines.map((l) => l.msg)).toEqual(["two", "one"]);
    expect(lines.find((l) => l.msg === "one")).toMatchObject({ requestId: "req-one-0001", accountId: "alice" });
    expect(lines.find((l) => l.msg === "two")).toMatchObject({ requestId: "req-two-0002" });
    expect(lines.find((l) => l.msg === "two")).not.toHaveProperty("accountId");
  });
});

describe("a library's console output", () => {
  const saved = { ...console };
  afterEach(() => Object.assign(console, saved));

  it("becomes JSON lines at the matching level", () => {
    const { logger, lines } = capture();
    routeConsoleToLog(logger);
    console.error('Route "routes/home" does not have an action, but you are trying to submit to it.');
    console.warn("careful: %d left", 3);
    console.log("hello");
    console.error(new Error("boom"));
    expect(lines.map(({ level, msg, source }) => ({ level, msg, source }))).toEqual([
      {
        level: 50,
        msg: 'Route "routes/home" does not have an action, but you are trying to submit to it.',
        source: "console",
      },
      { level: 40, msg: "careful: 3 left", source: "console" },
      { level: 30, msg: "hello", source: "console" },
      { level: 50, msg: "boom", source: "console" },
    ]);
    expect(lines[3].err).toMatchObject({ message: "boom", type: "Error" });
  });
});
