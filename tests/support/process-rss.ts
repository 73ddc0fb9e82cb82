import fs from 'node:fs';

/** RSS of one process, from /proc (0 once it has gone). */
export function ownRss(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The most the process itself has held resident since it started (VmHWM; 0 once it has gone). */
export function ownPeakRss(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

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
