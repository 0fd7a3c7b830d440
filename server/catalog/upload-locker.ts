import type { Lock, Locker, RequestRelease } from "@tus/server";
import type { DatabaseHandle, RawSession } from "../db/client";

/** How long a request waits for an upload another request holds before it is refused (tus: 500, the browser tries again). */
const ACQUIRE_TIMEOUT_MS = 20_000;
const POLL_MS = 100;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * One request at a time per upload, across every instance on the same PostgreSQL database
 * (decision 057): a session-level advisory lock on the upload's id, held on a connection of its
 * own for the length of the request. Inside one process the tus server's own MemoryLocker comes
 * first, so a newer request of this process asks the older one to let go (a PATCH cut off on
 * the browser's side) instead of waiting it out; across processes the newer one waits, polling.
 */
export function postgresUploadLocker(
  database: Pick<DatabaseHandle, "session">,
  local: Locker,
  options: { timeoutMs?: number } = {},
): Locker {
  const timeoutMs = options.timeoutMs ?? ACQUIRE_TIMEOUT_MS;
  return {
    newLock(id: string): Lock {
      const inProcess = local.newLock(id);
      let session: RawSession | undefined;
      return {
        async lock(signal: AbortSignal, requestRelease: RequestRelease) {
          await inProcess.lock(signal, requestRelease);
          try {
            const held = await database.session();
            const deadline = Date.now() + timeoutMs;
            try {
              for (;;) {
                const { rows } = await held.query("select pg_try_advisory_lock(hashtext($1)) as ok", [`tus:${id}`]);
                if (rows[0]?.ok === true) break;
                if (signal.aborted || Date.now() > deadline)
                  throw { status_code: 500, body: "failed to acquire lock before timeout" };
                await sleep(POLL_MS, signal);
              }
            } catch (error) {
              held.release();
              throw error;
            }
            session = held;
          } catch (error) {
            await inProcess.unlock();
            throw error;
          }
        },
        async unlock() {
          const held = session;
          session = undefined;
          try {
            if (held) await held.query("select pg_advisory_unlock(hashtext($1))", [`tus:${id}`]);
          } finally {
            held?.release();
            await inProcess.unlock();
          }
        },
      };
    },
  };
}
