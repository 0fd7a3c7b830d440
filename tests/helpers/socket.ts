import http from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";

type FetchApp = { fetch: (request: Request, env?: unknown) => Response | Promise<Response> };

/** The app on a real socket at 127.0.0.1 (as main.ts serves it), for tests of what a proxy or a client sends. */
export async function listen(app: FetchApp): Promise<{ port: number; close(): Promise<void> }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
      resolve({
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            if ("closeAllConnections" in server) (server as http.Server).closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  cookies: string[];
}

/**
 * One request with exactly the headers given (Host included), as a reverse proxy would send
 * it over plain HTTP; Node's fetch cannot set Host.
 */
export function send(
  port: number,
  request: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: request.method ?? "GET",
        path: request.path,
        headers: request.headers,
        setHost: !request.headers?.host,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString("utf8"),
            cookies: res.headers["set-cookie"] ?? [],
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(request.body);
  });
}
