import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { ROOT } from "./server-process";

/** Headers the floor answers with: what a browser needs to read the body, nothing the store computes per request. */
const KEPT = new Set(["content-type", "content-encoding", "vary", "cache-control"]);

export interface FloorServer {
  url: string;
  /** The bytes it answers with (compressed as sent). */
  bytes: number;
  pid: number;
  stop(): Promise<void>;
}

/** One answer as sent over the wire: status, headers and the body still compressed. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * The machine's floor for a page (issue 28): its bytes, fetched once from the store as a browser
 * asks for them (br, gzip), answered from memory by a bare `node:http` server in a process of its
 * own, so the load generator meets it exactly as it meets the store.
 */
export async function startFloor(pageUrl: string, headers: Record<string, string> = {}): Promise<FloorServer> {
  const page = await rawGet(pageUrl, { "accept-encoding": "br, gzip", ...headers });
  if (page.status !== 200) throw new Error(`the floor's page answered ${page.status}`);
  const kept = Object.fromEntries(Object.entries(page.headers).filter(([name]) => KEPT.has(name)));
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, "bench", "floor-server.mjs"), "0"], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const port = new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the floor server exited (${code})`)));
    child.stdout?.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
  });
  child.stdin?.end(JSON.stringify({ status: 200, headers: kept, body: page.body.toString("base64") }));
  return {
    url: `http://127.0.0.1:${await port}`,
    bytes: page.body.length,
    pid: child.pid as number,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
