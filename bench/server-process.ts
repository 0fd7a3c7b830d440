import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

/** The store as `npm start` runs it (the built server), in its own process, reached over HTTP. */
export interface StoreProcess {
  readonly url: string;
  readonly pid: number;
  /** Milliseconds from spawning the process to the first 200 from /readyz. */
  readonly readyAfterMs: number;
  rssBytes(): number;
  /**
   * A full garbage collection in the server, asked through its inspector (started with
   * `inspect: true`, on the loopback), so the RSS read next is what is live, not garbage V8 has not
   * yet had a reason to collect. Needs a global WebSocket (`node --experimental-websocket` on Node 20).
   */
  collectGarbage(): Promise<void>;
  stop(): Promise<void>;
}

export const ROOT = path.resolve(import.meta.dirname, "..");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resident set size of a process in bytes, read from /proc (Linux). */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : 0;
}

/**
 * CPU time a process has used so far (user + system), in milliseconds, read from /proc (Linux).
 * Per request or per order, it says what the server spends however busy the machine is.
 */
export function cpuMsOf(pid: number): number {
  // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** Linux's USER_HZ: the unit of /proc's CPU times (100 on every architecture Node.js runs on). */
const CLOCK_TICKS = 100;

/** Samples a process's RSS every 200 ms until stopped; stop() gives the peak in bytes. */
export function rssSampler(store: Pick<StoreProcess, "rssBytes">) {
  let peak = store.rssBytes();
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, store.rssBytes());
    } catch {
      // the process is gone
    }
  }, 200);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

export async function startStore(options: {
  dataDir: string;
  databaseUrl?: string;
  adminEmail: string;
  timeoutMs?: number;
  /** Settings on top of the bench's own (e.g. a higher CHECKOUT_RATE_LIMIT). */
  env?: Record<string, string>;
  /** Open the inspector on a free loopback port, for collectGarbage(). */
  inspect?: boolean;
  /** Extra Node.js flags before the entry point (e.g. `--heap-prof`, `--import` of a probe). */
  nodeArgs?: string[];
}): Promise<StoreProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: options.dataDir,
    DEMO_DATA: "1",
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: options.adminEmail,
    // The bench signs up and in many times from one address.
    AUTH_RATE_LIMIT: "100000",
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;

  const started = performance.now();
  // package.json's "serve" (scripts/serve.sh: the allocator, the V8 flags); the shell execs node,
  // so the child's pid is the server's.
  const child: ChildProcess = spawn(
    "sh",
    ["scripts/serve.sh", ...(options.inspect ? ["--inspect=127.0.0.1:0"] : []), ...(options.nodeArgs ?? [])],
    {
      cwd: ROOT,
      env,
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  let inspectorUrl: string | null = null;
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
    inspectorUrl ??= /Debugger listening on (ws:\/\/\S+)/.exec(stderr)?.[1] ?? null;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  let readyAfterMs = 0;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the store exited (${child.exitCode}) before it was ready:\n${stderr}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.status === 200) {
        readyAfterMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!readyAfterMs) {
    child.kill("SIGKILL");
    throw new Error(`the store was not ready within ${options.timeoutMs ?? 180_000} ms:\n${stderr}`);
  }
  const pid = child.pid as number;
  return {
    url,
    pid,
    readyAfterMs,
    rssBytes: () => rssOf(pid),
    collectGarbage() {
      const url = inspectorUrl;
      if (!url) return Promise.reject(new Error("the store was not started with inspect: true"));
      return new Promise<void>((resolve, reject) => {
        const socket = new WebSocket(url);
        const timer = setTimeout(() => {
          socket.close();
          reject(new Error("the inspector did not answer within 30 s"));
        }, 30_000);
        socket.addEventListener("open", () =>
          socket.send(JSON.stringify({ id: 1, method: "HeapProfiler.collectGarbage" })),
        );
        socket.addEventListener("message", (event) => {
          if (JSON.parse(String(event.data)).id !== 1) return;
          clearTimeout(timer);
          socket.close();
          resolve();
        });
        socket.addEventListener("error", () => {
          clearTimeout(timer);
          reject(new Error(`cannot reach the inspector at ${url}`));
        });
      });
    },
    async stop() {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
