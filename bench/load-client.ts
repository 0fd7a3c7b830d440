import http from "node:http";

/**
 * The load test's HTTP client: keep-alive connections from one agent (like many browsers on
 * one machine), a cookie per shopper, and a tally of every answer by group and status, with
 * latencies. Nothing is retried: an answer is counted as it came.
 */

export type Group = "browse" | "buy";

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  bytes: number;
}

const REQUEST_TIMEOUT_MS = 60_000;

export class Tally {
  statuses: Record<Group, Record<number, number>> = { browse: {}, buy: {} };
  latencies: Record<Group, number[]> = { browse: [], buy: [] };
  bytes: Record<Group, number> = { browse: 0, buy: 0 };
  unanswered = 0;
  /** GETs sent again because the kept-alive connection they went out on had just been closed by the server. */
  staleRetries = 0;
  /** The first few 5xx answers and failures, to say what went wrong. */
  samples: string[] = [];
  /** Outcomes the buyers saw, by name ("card paid", "card start refused 409: sold_out", ...). */
  outcomes: Record<string, number> = {};

  /** Forgets everything counted so far (the setup's requests are not part of the figures). */
  reset() {
    Object.assign(this, new Tally());
  }

  count(group: Group, status: number, ms: number, bytes: number) {
    this.statuses[group][status] = (this.statuses[group][status] ?? 0) + 1;
    this.latencies[group].push(ms);
    this.bytes[group] += bytes;
  }

  outcome(name: string) {
    this.outcomes[name] = (this.outcomes[name] ?? 0) + 1;
  }

  note(text: string) {
    if (this.samples.length < 20) this.samples.push(text);
  }

  get serverErrors(): number {
    return (["browse", "buy"] as const).reduce(
      (sum, g) =>
        sum + Object.entries(this.statuses[g]).reduce((s, [status, n]) => s + (Number(status) >= 500 ? n : 0), 0),
      0,
    );
  }

  requests(group: Group): number {
    return Object.values(this.statuses[group]).reduce((a, b) => a + b, 0);
  }
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10;
}

export class LoadClient {
  cookie = "";

  constructor(
    private readonly base: string,
    private readonly agent: http.Agent,
    private readonly tally: Tally,
    private readonly group: Group,
  ) {}

  /**
   * One request. Browsing asks for compressed answers and reads no body (what goes over the wire
   * is counted); buying reads the plain body. Redirects are answers, not followed.
   */
  request(
    method: string,
    path: string,
    options: { json?: unknown; form?: Record<string, string>; readBody?: boolean } = {},
  ): Promise<Answer | null> {
    return this.send(method, path, options, true);
  }

  private send(
    method: string,
    path: string,
    options: { json?: unknown; form?: Record<string, string>; readBody?: boolean },
    mayRetry: boolean,
  ): Promise<Answer | null> {
    const url = new URL(path, this.base);
    const headers: Record<string, string> = {};
    let payload: string | undefined;
    if (options.json !== undefined) {
      payload = JSON.stringify(options.json);
      headers["content-type"] = "application/json";
    } else if (options.form) {
      payload = new URLSearchParams(options.form).toString();
      headers["content-type"] = "application/x-www-form-urlencoded";
    }
    if (payload !== undefined) {
      headers["content-length"] = String(Buffer.byteLength(payload));
      headers.origin = this.base;
    }
    if (this.cookie) headers.cookie = this.cookie;
    const readBody = options.readBody ?? this.group === "buy";
    if (!readBody) headers["accept-encoding"] = "br, gzip";
    const started = performance.now();
    return new Promise((resolve) => {
      let settled = false;
      const finish = (answer: Answer | null) => {
        if (settled) return;
        settled = true;
        resolve(answer);
      };
      const req = http.request(url, { method, headers, agent: this.agent, timeout: REQUEST_TIMEOUT_MS }, (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          if (readBody) chunks.push(chunk);
        });
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          const text = readBody ? Buffer.concat(chunks).toString("utf8") : "";
          this.tally.count(this.group, status, performance.now() - started, bytes);
          if (status >= 500) this.tally.note(`${status} ${method} ${url.pathname}: ${text.slice(0, 200)}`);
          finish({ status, headers: res.headers, text, bytes });
        });
        res.on("error", (error) => fail(error));
      });
      const fail = (error: Error & { code?: string }) => {
        if (settled) return;
        // The server closed a kept-alive connection as this request went out on it (Node's docs
        // name the race): a browser sends a GET again on a new connection, and so does this client.
        if (mayRetry && method === "GET" && req.reusedSocket && error.code === "ECONNRESET") {
          this.tally.staleRetries += 1;
          settled = true;
          resolve(this.send(method, path, options, false));
          return;
        }
        this.tally.unanswered += 1;
        this.tally.note(`no answer to ${method} ${url.pathname}: ${error.message}`);
        finish(null);
      };
      req.on("timeout", () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
      req.on("error", fail);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  async json<T>(method: string, path: string, json?: unknown): Promise<{ status: number; body: T } | null> {
    const answer = await this.request(method, path, json === undefined ? {} : { json });
    if (!answer) return null;
    let parsed: unknown = null;
    try {
      parsed = answer.text ? JSON.parse(answer.text) : null;
    } catch {
      // a page, not JSON: the status tells
    }
    return { status: answer.status, body: parsed as T };
  }
}
