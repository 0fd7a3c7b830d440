#!/bin/sh
# Starts the built server: `npm start` (after the build), `npm run serve` and the container image
# run this, and `npm run bench` measures it. Node flags given as arguments come before the entry
# point (the bench adds its probes so). Why each setting: docs/performance.md, "Memory".
set -eu

# jemalloc when the system has it (Debian and Ubuntu: libjemalloc2), for the allocations outside
# V8's heap: it gives freed memory back on its own within a second, where glibc's malloc keeps it
# (decision 066). LD_PRELOAD already set, or THREADLINE_JEMALLOC=0, keeps the environment's choice.
if [ -z "${LD_PRELOAD:-}" ] && [ "${THREADLINE_JEMALLOC:-1}" != 0 ]; then
  for lib in /usr/lib/*-linux-gnu/libjemalloc.so.2 /usr/lib64/libjemalloc.so.2 /usr/lib/libjemalloc.so.2 /usr/local/lib/libjemalloc.so.2; do
    if [ -r "$lib" ]; then
      export LD_PRELOAD="$lib"
      export MALLOC_CONF="${MALLOC_CONF:-background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0}"
      break
    fi
  done
fi
# glibc's malloc, where it is the allocator (decision 065): two arenas, not one per thread, and a
# fixed mmap threshold, so freed large blocks go back to the system. Ignored elsewhere.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export GLIBC_TUNABLES="${GLIBC_TUNABLES:-glibc.malloc.mmap_threshold=131072}"

# V8: bounded heap growth (decision 026), one worker thread (063), gc() for the collection after a
# burst (065), stack traces that name the sources.
exec node --enable-source-maps --expose-gc --heap-growing-percent=10 --max-semi-space-size=4 --v8-pool-size=1 \
  "$@" "$(dirname "$0")/../build/server-main/main.js"
