/**
 * Preloaded into a measured process (`node --import ./bench/memory/probe.ts ...`): on SIGUSR2
 * it writes where the process's memory is to MEMORY_PROBE_FILE (JSON), so the bench can tell
 * the V8 heap, external buffers, PGlite's WebAssembly heap and native allocations apart.
 *
 * WebAssembly memories are found by wrapping the WebAssembly.Memory constructor (PGlite makes
 * its own), and their resident part is read from /proc/self/smaps: V8 reserves each one as a
 * single mapping of several gigabytes, far larger than any other mapping of the process.
 */
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';

// Weak: a memory its module let go of (initdb's, once the data folder exists) may be collected.
const memories: WeakRef<WebAssembly.Memory>[] = [];
const OriginalMemory = WebAssembly.Memory;
WebAssembly.Memory = new Proxy(OriginalMemory, {
  construct(target, args: [WebAssembly.MemoryDescriptor]) {
    const memory = new target(...args);
    memories.push(new WeakRef(memory));
    return memory;
  },
});

const KB = 1024;
const GB = 1024 * 1024 * 1024;

export interface MemoryReport {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** Sizes of the WebAssembly memories made so far (what the module can address). */
  wasmSizes: number[];
  /** Resident bytes of the mappings of 4 GB and more (the WebAssembly reservations). */
  wasmResident: number;
  /** Resident bytes of file-backed mappings (the node binary, shared libraries). */
  fileResident: number;
  /** Resident bytes of the main malloc arena ([heap]): native allocations, ArrayBuffers made by Node. */
  mallocHeapResident: number;
  /** Resident anonymous bytes outside the WebAssembly reservations: V8's heap, malloc, stacks ([heap] included). */
  anonResident: number;
  threads: number;
  heapSpaces: Record<string, number>;
  /** The used part of each of those spaces. */
  heapSpacesUsed: Record<string, number>;
  /** What keeps the event loop busy or waiting (process.getActiveResourcesInfo(), counted by kind): timers, sockets, child processes. */
  activeResources: Record<string, number>;
}

export function memoryReport(): MemoryReport {
  const usage = process.memoryUsage();
  // Each mapping of /proc/self/smaps: its range, whether it is a file, its resident bytes.
  const maps: { start: number; end: number; file: boolean; brk: boolean; rss: number }[] = [];
  for (const line of fs.readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (header) {
      maps.push({
        start: Number.parseInt(header[1], 16),
        end: Number.parseInt(header[2], 16),
        file: header[3] !== '0' && header[4].startsWith('/'),
        brk: header[4] === '[heap]',
        rss: 0,
      });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && maps.length > 0) maps[maps.length - 1].rss = Number(rss[1]) * KB;
  }
  // A WebAssembly memory is one reservation of many gigabytes: its usable part (read-write)
  // directly followed by the inaccessible rest, which the kernel shows as separate mappings.
  const wasm = new Set<number>();
  for (let i = 0; i < maps.length; i++) {
    if (maps[i].end - maps[i].start < 4 * GB) continue;
    wasm.add(i);
    for (let j = i - 1; j >= 0 && !maps[j].file && maps[j].end === maps[j + 1].start; j--) wasm.add(j);
  }
  let wasmResident = 0;
  let fileResident = 0;
  let anonResident = 0;
  let mallocHeapResident = 0;
  maps.forEach((map, i) => {
    if (wasm.has(i)) wasmResident += map.rss;
    else if (map.file) fileResident += map.rss;
    else anonResident += map.rss;
    if (map.brk) mallocHeapResident += map.rss;
  });
  const heapSpaces: Record<string, number> = {};
  const heapSpacesUsed: Record<string, number> = {};
  for (const space of v8.getHeapSpaceStatistics()) {
    heapSpaces[space.space_name] = space.space_size;
    heapSpacesUsed[space.space_name] = space.space_used_size;
  }
  const activeResources: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) activeResources[kind] = (activeResources[kind] ?? 0) + 1;
  return {
    rss: usage.rss,
    heapTotal: usage.heapTotal,
    heapUsed: usage.heapUsed,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
    wasmSizes: memories.flatMap((ref) => {
      const memory = ref.deref();
      return memory ? [memory.buffer.byteLength] : [];
    }),
    wasmResident,
    fileResident,
    mallocHeapResident,
    anonResident,
    threads: fs.readdirSync('/proc/self/task').length,
    heapSpaces,
    heapSpacesUsed,
    activeResources,
  };
}

const target = process.env.MEMORY_PROBE_FILE;
if (target) {
  process.on('SIGUSR2', () => {
    // Asked for a full collection first (a marker file beside the report): does garbage hold the heap?
    if (fs.existsSync(`${target}.gc`)) {
      fs.rmSync(`${target}.gc`);
      v8.setFlagsFromString('--expose-gc');
      (vm.runInNewContext('gc') as () => void)();
    }
    // Asked for a heap snapshot (the marker file holds where to write it): what holds the heap?
    if (fs.existsSync(`${target}.snapshot`)) {
      const snapshotPath = fs.readFileSync(`${target}.snapshot`, 'utf8');
      fs.rmSync(`${target}.snapshot`);
      v8.writeHeapSnapshot(snapshotPath);
    }
    fs.writeFileSync(`${target}.tmp`, JSON.stringify(memoryReport()));
    fs.renameSync(`${target}.tmp`, target);
  });
}
