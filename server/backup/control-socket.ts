import { chmodSync, createReadStream, createWriteStream, existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { createServer, request } from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Logger } from "../logger";
import { privateFile } from "../private-files";
import type { BackupManifest } from "./archive";

/**
 * The running store's backup door (docs/decisions/028-command-line-and-backups.md). The embedded
 * database belongs to one process, so `npm run store -- backup` cannot open it while the store
 * runs; it asks the store instead, over a Unix socket in DATA_DIR that only the folder's owner
 * may open (mode 0600). The socket answers one request, POST /backup, with the backup file.
 * It is not on the store's TCP port, so nothing of it is reachable from the network.
 */

export const CONTROL_SOCKET = "control.sock";
/** Linux allows 107 bytes for a socket's path; past that the door stays shut (and says so). */
const MAX_SOCKET_PATH = 100;

export const controlSocketPath = (dataDir: string) => path.join(dataDir, CONTROL_SOCKET);

export interface ControlSocket {
  path: string;
  close(): Promise<void>;
}

/** Opens the socket. The caller holds the database lock, so a socket file left there is a dead process's. */
export async function startControlSocket(deps: {
  dataDir: string;
  backup: (file: string) => Promise<BackupManifest>;
  logger: Logger;
}): Promise<ControlSocket | undefined> {
  const socketPath = controlSocketPath(deps.dataDir);
  const log = deps.logger.child({ component: "control-socket" });
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    log.warn({ path: socketPath }, "DATA_DIR's path is too long for the backup socket: backups need the store stopped");
    return undefined;
  }
  rmSync(socketPath, { force: true });
  const server = createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/backup") {
      res.writeHead(404, { "content-type": "text/plain" }).end("Only POST /backup is answered here.\n");
      return;
    }
    const folder = mkdtempSync(path.join(deps.dataDir, ".backup-out-"));
    const file = path.join(folder, "backup.tar.gz");
    const cleanup = () => rmSync(folder, { recursive: true, force: true });
    deps
      .backup(file)
      .then(async (manifest) => {
        res.writeHead(200, { "content-type": "application/gzip", "x-backup-manifest": JSON.stringify(manifest) });
        await pipeline(createReadStream(file), res);
        log.info({ mediaFiles: manifest.mediaFiles, bytes: manifest.database.bytes }, "backup sent");
      })
      .catch((error) => {
        log.error({ err: error }, "backup failed");
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" }).end(`${(error as Error).message}\n`);
        else res.destroy();
      })
      .finally(cleanup);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  log.info({ path: socketPath }, "backup socket open");
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(socketPath, { force: true });
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}

/**
 * Asks the store running on `dataDir` for a backup and writes it to `file`. Undefined when no
 * store answers there (no socket, or a dead one's), so the caller opens the database itself.
 */
export async function backupFromRunningStore(dataDir: string, file: string): Promise<BackupManifest | undefined> {
  const socketPath = controlSocketPath(dataDir);
  if (!existsSync(socketPath)) return undefined;
  return new Promise<BackupManifest | undefined>((resolve, reject) => {
    const req = request({ socketPath, method: "POST", path: "/backup" }, (res) => {
      if (res.statusCode !== 200) {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () =>
          reject(new Error(`the running store could not make the backup: ${text.trim() || res.statusCode}`)),
        );
        return;
      }
      const partial = `${file}.partial`;
      pipeline(res, createWriteStream(partial))
        .then(() => {
          if (!res.complete) throw new Error("the running store stopped sending the backup before its end");
          privateFile(partial);
          renameSync(partial, file);
          resolve(JSON.parse(String(res.headers["x-backup-manifest"])) as BackupManifest);
        })
        .catch((error) => {
          rmSync(partial, { force: true });
          reject(error);
        });
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED" || error.code === "ENOENT") resolve(undefined);
      else reject(error);
    });
    req.end();
  });
}
