/**
 * Memory while the largest accepted upload is ingested (issue 39 item 8), on the embedded database:
 *   npm run build && npx tsx bench/memory/large-upload.ts [runs] [port]
 * Each run starts the built server as `npm run serve` does (scripts/serve.sh) on a fresh data
 * folder, uploads a Markdown text of just under MAX_UPLOAD_MB (50 MB) and samples, every 50 ms
 * until its job completes, the RSS of the server process and of its reading process (its child):
 * each one's peak, and the peak of the two together. Min and median over the runs.
 * Anchor: `node -e` reading the same file into a string, its peak RSS (VmHWM), on this machine now.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { childrenRss, ownRss } from '../../tests/support/process-rss';
import { cleanUp, createTome, ingest, MB, mb, median, startServer, summarize } from './support';

const RUNS = Number(process.argv[2] ?? 3);
const PORT = Number(process.argv[3] ?? 4264);
const MAX_UPLOAD_MB = Number(process.env.MAX_UPLOAD_MB ?? 50);

/** A rulebook-like Markdown text of `size` bytes: headings, paragraphs of varied words. */
function rulebook(size: number): Uint8Array {
  const words = ['dragon', 'keep', 'warden', 'saving', 'throw', 'spell', 'slot', 'ranger', 'marsh', 'crown', 'lich', 'ford', 'hit', 'points', 'armor', 'class'];
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < size - 2048; i++) {
    const part =
      i % 20 === 0
        ? `## Chapter ${i / 20}: the ${words[i % words.length]} of ${words[(i * 7) % words.length]}\n\n`
        : `${Array.from({ length: 90 }, (_, w) => words[(i * 31 + w * 17) % words.length]).join(' ')} (rule ${i}).\n\n`;
    parts.push(part);
    length += part.length;
  }
  return new TextEncoder().encode(parts.join(''));
}

const bytes = rulebook(MAX_UPLOAD_MB * MB - 64 * 1024);
const file = path.join(os.tmpdir(), `tk-large-upload-${process.pid}.md`);
fs.writeFileSync(file, bytes);
console.log(
  `upload: ${(bytes.byteLength / MB).toFixed(1)} MB of Markdown (MAX_UPLOAD_MB=${MAX_UPLOAD_MB}); ${RUNS} runs; ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`,
);

const anchors: number[] = [];
const results: Array<{ together: number; server: number; reader: number; seconds: number }> = [];
for (let run = 0; run < RUNS; run++) {
  const anchor = spawnSync(process.execPath, ['-e', `require('fs').readFileSync(${JSON.stringify(file)}, 'utf8'); console.log(process.resourceUsage().maxRSS)`], {
    encoding: 'utf8',
  });
  anchors.push(Number(anchor.stdout.trim()) * 1024);

  const server = await startServer(PORT);
  try {
    const token = await server.signUp(`large${run}`);
    const tome = await createTome(server, token, 'Large');
    let serverPeak = 0;
    let readerPeak = 0;
    const sampler = setInterval(() => {
      serverPeak = Math.max(serverPeak, ownRss(server.pid));
      readerPeak = Math.max(readerPeak, childrenRss(server.pid));
    }, 50);
    const result = await ingest(server, token, tome, 'rulebook.md', bytes).finally(() => clearInterval(sampler));
    results.push({ together: result.peak, server: serverPeak, reader: readerPeak, seconds: result.seconds });
    console.log(
      `run ${run + 1}: together ${mb(result.peak)}, server ${mb(serverPeak)}, reading process ${mb(readerPeak)}, ${result.seconds.toFixed(0)} s; anchor ${mb(anchors.at(-1)!)}`,
    );
    console.log(`  the server at its largest probe: ${summarize(result.atPeak)}`);
  } finally {
    await server.stop();
  }
}
const summary = (label: string, values: number[]) => `${label} min ${mb(Math.min(...values))} median ${mb(median(values))}`;
const anchor = median(anchors);
console.log(
  summary(
    'together:',
    results.map((r) => r.together),
  ),
  `(${(median(results.map((r) => r.together)) / anchor).toFixed(1)}x the anchor)`,
);
console.log(
  summary(
    'server:',
    results.map((r) => r.server),
  ),
);
console.log(
  summary(
    'reading process:',
    results.map((r) => r.reader),
  ),
);
console.log(summary('anchor (node reading the file into a string):', anchors));
fs.rmSync(file, { force: true });
cleanUp();
