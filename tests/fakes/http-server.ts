import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: string;
}

export interface FakeResponse {
  status: number;
  body: unknown;
}

export interface StartedFake {
  url: string;
  /** Every request received, oldest first. */
  requests: FakeRequest[];
  stop(): Promise<void>;
}

/** A small HTTP server for a vendor fake: reads the whole body, hands it to `handle`, writes JSON. */
export async function startJsonServer(
  handle: (request: FakeRequest) => FakeResponse | Promise<FakeResponse>,
): Promise<StartedFake> {
  const requests: FakeRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://fake.local");
      const request: FakeRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(request);
      let reply: FakeResponse;
      try {
        reply = await handle(request);
      } catch (error) {
        reply = { status: 500, body: { message: (error as Error).message } };
      }
      res.writeHead(reply.status, { "content-type": "application/json" });
      res.end(reply.body === undefined ? "" : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
