/** One message of a server-sent-events stream: a comment line (keep-alive) or a data payload. */
export type SseMessage = { comment: string } | { data: unknown };

/**
 * Reads a text/event-stream response message by message, as an EventSource would, so that tests
 * can wait for the next notice or show that none arrives.
 */
export function readSse(response: Response) {
  if (!response.body) throw new Error("the response has no body");
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const queue: SseMessage[] = [];
  const waiters: ((m: SseMessage | null) => void)[] = [];
  let buffer = "";
  let ended = false;

  const push = (message: SseMessage | null) => {
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else if (message) queue.push(message);
  };

  (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split("\n")
            .filter((line) => line.startsWith("data:"))
            .map((line) => line.slice(5).trimStart());
          if (data.length) push({ data: JSON.parse(data.join("\n")) });
          else if (block.startsWith(":")) push({ comment: block.slice(1).trim() });
          end = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // Cancelled by close().
    }
    ended = true;
    while (waiters.length) push(null);
  })();

  function next(timeoutMs = 3000): Promise<SseMessage | null> {
    const queued = queue.shift();
    if (queued) return Promise.resolve(queued);
    if (ended) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(done), 1);
        reject(new Error(`no server-sent event within ${timeoutMs} ms`));
      }, timeoutMs);
      const done = (m: SseMessage | null) => {
        clearTimeout(timer);
        resolve(m);
      };
      waiters.push(done);
    });
  }

  return {
    next,
    /** The next data payload, skipping comments; null when the stream ended. */
    async nextData(timeoutMs = 3000): Promise<unknown> {
      for (;;) {
        const message = await next(timeoutMs);
        if (message === null) return null;
        if ("data" in message) return message.data;
      }
    },
    /** Data payloads that arrive within `ms` (none expected, usually). */
    async dataWithin(ms: number): Promise<unknown[]> {
      const seen: unknown[] = [];
      const until = Date.now() + ms;
      for (;;) {
        const left = until - Date.now();
        if (left <= 0) return seen;
        const message = await next(left).catch(() => undefined);
        if (message === undefined || message === null) return seen;
        if ("data" in message) seen.push(message.data);
      }
    },
    get ended() {
      return ended;
    },
    close: () => reader.cancel().catch(() => {}),
  };
}
