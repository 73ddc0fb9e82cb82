#!/bin/sh
# How the server process starts, in one place: `npm run serve` and the Dockerfile run this file,
# and bench/memory reads it, so what is measured is what runs (ADR 0166, ADR 0196).
# - at most two malloc arenas: glibc gives each thread that allocates its own arena (up to 8 per
#   core), and memory freed in one stays with that arena; the reading thread's left 40 MB behind.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
# - allocations of 128 KiB and more always mapped on their own, so freeing one gives it back:
#   by default glibc raises this threshold after each large free (up to 32 MB), after which large
#   buffers come from the arenas and stay there (idle 355 -> 297 MB, docs/benchmarks.md).
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
# - exec: node replaces this shell, so the server is one process that receives the signals;
# - the compiled server (dist/main.js, `npm run build`: scripts/build-server.mjs), no TypeScript
#   loader at run time;
# - 4 MB young-generation semi-spaces in every isolate (V8 lets them grow to 64 MB) and V8's
#   memory-over-speed heuristics;
# - gc exposed, so the server collects once its jobs have ended (server/collect-when-quiet.ts,
#   ADR 0237): a quiet server allocates too little for V8 to collect a large job's garbage;
# - the embedded database's WebAssembly run by V8's baseline compiler only (ADR 0261): soon after
#   every start the optimising compiler took 600 MB to compile one of Postgres's functions, and
#   the server peaked at 810 MB to idle at 297. EMBEDDED_DATABASE_COMPILER=optimizing keeps it,
#   for a machine with the memory: the database's work is then about a fifth faster.
case "${EMBEDDED_DATABASE_COMPILER:-baseline}" in
  baseline) wasm_compiler="--liftoff-only" ;;
  optimizing) wasm_compiler="" ;;
  *)
    echo "EMBEDDED_DATABASE_COMPILER: must be baseline or optimizing" >&2
    exit 1
    ;;
esac
if [ ! -f dist/main.js ]; then
  echo 'The server is not built yet: run `npm run build` (or `npm start`, which builds when the sources changed).' >&2
  exit 1
fi
exec node --max-semi-space-size=4 --optimize-for-size --expose-gc $wasm_compiler dist/main.js
