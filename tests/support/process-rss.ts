import fs from 'node:fs';

/** A size line of the process's /proc status ("VmRSS", "VmHWM"), in bytes (0 once it has gone). */
function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** RSS of one process, from /proc (0 once it has gone). */
export const ownRss = (pid: number) => statusBytes(pid, 'VmRSS');

/** The most the process itself has held resident since it started (VmHWM; 0 once it has gone). */
export const ownPeakRss = (pid: number) => statusBytes(pid, 'VmHWM');

/** The process's children and theirs (the server's reading process), from /proc. */
function descendantsOf(pid: number): number[] {
  const children: number[] = [];
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const listed = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (listed) children.push(...listed.split(/\s+/).map(Number));
    }
  } catch {
    // The process ended while it was read.
  }
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

/** RSS of the processes the process started (the reading process, while one runs). */
export const childrenRss = (pid: number) => descendantsOf(pid).reduce((sum, child) => sum + ownRss(child), 0);

/** RSS of the process with every process it started: what the server costs the machine. */
export const rssOf = (pid: number) => ownRss(pid) + childrenRss(pid);
