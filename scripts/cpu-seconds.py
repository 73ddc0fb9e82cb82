#!/usr/bin/env python3
"""cpu-seconds.py OUT CMD...: runs CMD and writes to OUT the CPU seconds (user + system) of every
process it started, then exits with CMD's status.

bash's `time` counts only the children each parent waited for: Chromium's renderers, orphaned when
a Playwright context closes, were never counted, and the CI figures put the Playwright step at a
third of what it used. As a child subreaper (Linux prctl), this process becomes the parent of every
orphan below it, reaps them all, and reads them all in RUSAGE_CHILDREN.
"""
import ctypes
import os
import resource
import signal
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36
out, command = sys.argv[1], sys.argv[2:]
if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
    sys.exit('cpu-seconds: prctl(PR_SET_CHILD_SUBREAPER) failed')
status = subprocess.call(command)


def children():
    """The pids whose parent is now this process: orphans reparented here."""
    found = []
    for pid in filter(str.isdigit, os.listdir('/proc')):
        try:
            with open(f'/proc/{pid}/stat') as stat:
                parent = int(stat.read().rsplit(')', 1)[1].split()[1])
        except OSError:
            continue
        if parent == os.getpid():
            found.append(int(pid))
    return found


# The orphans end as their parents close them (a closed browser's renderers); one still running
# after 10 s (CPU_SECONDS_GRACE, in seconds) was left behind by the step: it is named and stopped,
# so the step cannot hang here.
deadline = time.monotonic() + float(os.environ.get('CPU_SECONDS_GRACE', '10'))
while True:
    try:
        pid, _ = os.waitpid(-1, os.WNOHANG)
    except ChildProcessError:
        break
    if pid:
        continue
    if time.monotonic() > deadline:
        for pid in children():
            with open(f'/proc/{pid}/cmdline', 'rb') as cmdline:
                line = cmdline.read().replace(b'\0', b' ').decode(errors='replace')[:200]
            print(f'cpu-seconds: stopping a process the step left running: {line}', file=sys.stderr)
            os.kill(pid, signal.SIGKILL)
        deadline = float('inf')
    time.sleep(0.1)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(out, 'w') as file:
    file.write(f'{usage.ru_utime + usage.ru_stime:.1f}\n')
sys.exit(status if status >= 0 else 128 - status)
