import pino from "pino";
import { describe, expect, it } from "vitest";
import { databaseOutages, nextOutageState, type OutageEvent, type OutageState } from "./outage";

const up = (since: number): OutageState => ({ kind: "up", since });
const down = (since: number, code = "ECONNREFUSED"): OutageState => ({ kind: "down", since, code });
const failed = (startedAt: number, at: number, code = "ECONNREFUSED"): OutageEvent => ({
  kind: "failed",
  startedAt,
  at,
  code,
  reason: `connect ${code}`,
});
const answered = (startedAt: number, at: number): OutageEvent => ({ kind: "answered", startedAt, at });

describe("the database outage state", () => {
  it.each<[string, OutageState, OutageEvent, OutageState, string | undefined]>([
    ["a new connection while up changes nothing", up(0), answered(10, 20), up(0), undefined],
    ["the first failure while up: the database went", up(0), failed(10, 20), down(20), "error database unavailable"],
    ["a failure with an SQLSTATE", up(0), failed(10, 20, "57P03"), down(20, "57P03"), "error database unavailable"],
    [
      "a failure of something begun before the database came back is old news",
      up(5_000),
      failed(4_000, 5_100),
      up(5_000),
      undefined,
    ],
    ["more failures while down: no more lines", down(20), failed(30, 40), down(20), undefined],
    ["another code while down: still the same outage", down(20), failed(30, 40, "57P01"), down(20), undefined],
    [
      "a connection opened while down: back, with how long",
      down(1_000),
      answered(2_000, 13_460),
      up(13_460),
      "info database back after 12.5 s",
    ],
    [
      "a connection begun before the outage answering now is old news",
      down(1_000),
      answered(900, 1_100),
      down(1_000),
      undefined,
    ],
  ])("%s", (_, state, event, expected, line) => {
    const next = nextOutageState(state, event);
    expect(next.state).toEqual(expected);
    expect(next.line && `${next.line.level} ${next.line.message}`).toBe(line);
  });

  it("writes one line when the database goes and one when it is back, however many failures between", () => {
    const lines: { level: number; msg: string; code?: string; downSeconds?: number }[] = [];
    const logger = pino({ base: undefined }, { write: (line: string) => lines.push(JSON.parse(line)) });
    let clock = 1_000;
    const outages = databaseOutages(logger, () => clock);
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

    outages.answered(clock);
    clock = 2_000;
    for (let i = 0; i < 50; i++) outages.failed(refused, clock);
    clock = 5_000;
    outages.answered(4_000);
    outages.failed(refused, 1_500); // a query sent before the outage, failing late

    expect(lines).toEqual([
      expect.objectContaining({ level: 50, msg: "database unavailable", code: "ECONNREFUSED" }),
      expect.objectContaining({ level: 30, msg: "database back after 3 s", downSeconds: 3 }),
    ]);
    expect(outages.state()).toEqual({ kind: "up", since: 5_000 });
  });
});
