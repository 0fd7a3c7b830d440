// Loaded with `node --import ./bench/memory-probe.mjs` by bench/memory.ts: on SIGUSR2 the process
// writes its own memory figures (process.memoryUsage and V8's heap spaces) to MEMORY_PROBE_FILE.
import { writeFileSync } from "node:fs";
import v8 from "node:v8";

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  process.on("SIGUSR2", () => {
    const beforeGc = process.memoryUsage();
    // Diagnosis only (`--expose-gc`): what a full collection frees.
    globalThis.gc?.();
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));
    writeFileSync(file, JSON.stringify({ ...process.memoryUsage(), beforeGc, spaces }));
  });
}
