import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small reverse proxy for tests: each request goes to the next upstream in turn (round robin),
 * with X-Forwarded-For, X-Forwarded-Proto and X-Forwarded-Host as a real proxy sets them, and
 * the answer streamed back (server-sent events included). The answer says which upstream served
 * it in `x-served-by`, and `served` keeps the log, so a test can show where each step ran.
 */
export interface RoundRobinProxy {
  url: string;
  /** The upstream's name that the next request goes to. */
  readonly next: string;
  /** `method path` and the upstream's name, oldest first. */
  served: { request: string; by: string }[];
  stop(): Promise<void>;
}

export async function startRoundRobinProxy(options: {
  port: number;
  upstreams: { name: string; url: string }[];
  /** The client address the proxy reports in X-Forwarded-For (the test's own requests all come from the loopback). */
  clientAddress: string;
}): Promise<RoundRobinProxy> {
  let turn = 0;
  const served: RoundRobinProxy["served"] = [];
  const server = http.createServer((req, res) => {
    const upstream = options.upstreams[turn % options.upstreams.length];
    turn += 1;
    served.push({ request: `${req.method} ${req.url}`, by: upstream.name });
    const target = new URL(req.url ?? "/", upstream.url);
    const headers = { ...req.headers };
    const before = req.headers["x-forwarded-for"];
    headers["x-forwarded-for"] = before ? `${before}, ${options.clientAddress}` : options.clientAddress;
    headers["x-forwarded-proto"] = "http";
    headers["x-forwarded-host"] = req.headers.host ?? "";
    const forward = http.request(target, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-served-by": upstream.name });
      // Each chunk goes on at once: a live stream is read while it is open.
      answer.on("data", (chunk) => res.write(chunk));
      answer.on("end", () => res.end());
      answer.on("error", () => res.destroy());
    });
    forward.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain", "x-served-by": upstream.name });
      res.end("bad gateway");
    });
    res.on("close", () => forward.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(options.port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get next() {
      return options.upstreams[turn % options.upstreams.length].name;
    },
    served,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
