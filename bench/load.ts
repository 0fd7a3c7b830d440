import autocannon from "autocannon";

export interface LoadTarget {
  /** A short name for the report, e.g. "/ (visitor)". */
  name: string;
  path: string;
  /** Another server than the store's (the machine's floor, bench/floor.ts). */
  base?: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  bytesPerResponse: number;
  requests: number;
}

function once(base: string, target: LoadTarget, connections: number, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: `${target.base ?? base}${target.path}`,
    method: target.method ?? "GET",
    // Like a browser, it accepts compressed answers; the byte counts are what went over the wire.
    headers: { "accept-encoding": "br, gzip", ...target.headers },
    body: target.body,
    connections,
    duration: seconds,
  });
}

/** One measured run after a warm-up run of the same target; autocannon's own latency histogram. */
export async function measure(
  base: string,
  target: LoadTarget,
  connections: number,
  seconds: number,
  warmupSeconds: number,
): Promise<LoadFigures> {
  if (warmupSeconds > 0) await once(base, target, connections, warmupSeconds);
  const result = await once(base, target, connections, seconds);
  const responses = result.requests.total || 1;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytesPerResponse: Math.round(result.throughput.total / responses),
    requests: result.requests.total,
  };
}
