import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';

// scripts/cpu-seconds.py gives .ci/run each step's CPU seconds: it must count the processes a step
// leaves behind as orphans (Chromium's renderers), which only a parent that reaps them can.
const script = path.resolve(import.meta.dirname, '../../scripts/cpu-seconds.py');

describe.runIf(fs.existsSync('/usr/bin/python3'))('cpu-seconds.py', () => {
  test("waits for the step's orphans, counts them, and passes the step's exit status on", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpu-seconds-'));
    const out = path.join(dir, 'cpu');
    const marker = path.join(dir, 'orphan-done');
    // The step exits at once with 3; its orphan spins for a second of CPU, then leaves a marker.
    const orphan = `const end = process.cpuUsage().user + 1e6; while (process.cpuUsage().user < end); require('fs').writeFileSync(${JSON.stringify(marker)}, '')`;
    const step = `(${JSON.stringify(process.execPath)} -e ${JSON.stringify(orphan)} &) ; exit 3`;
    // On a loaded CI the orphan's second of CPU took more than the 10 s an orphan is given before
    // it is stopped: here it is given all the time it needs, so only the waiting is tested.
    const env = { ...process.env, CPU_SECONDS_GRACE: '600' };
    const result = await promisify(execFile)('/usr/bin/python3', [script, out, 'bash', '-c', step], { env }).catch((error: { code: number }) => error);
    try {
      expect((result as { code: number }).code).toBe(3);
      expect(fs.existsSync(marker)).toBe(true);
      expect(Number(fs.readFileSync(out, 'utf8'))).toBeGreaterThanOrEqual(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('names and stops an orphan still running after its grace, so a step cannot hang CI', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpu-seconds-'));
    const out = path.join(dir, 'cpu');
    const env = { ...process.env, CPU_SECONDS_GRACE: '0.5' };
    try {
      // The orphan would sleep for ten minutes; the test's own timeout is far shorter.
      const { stderr } = await promisify(execFile)('/usr/bin/python3', [script, out, 'bash', '-c', '(exec sleep 600 &) ; exit 0'], { env });
      expect(stderr).toContain('cpu-seconds: stopping a process the step left running: sleep 600');
      expect(fs.existsSync(out)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
