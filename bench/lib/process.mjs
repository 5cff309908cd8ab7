// What a server process (and its node:cluster workers) uses, read from /proc.
import { readFileSync } from 'node:fs';

/** The process and its workers (node:cluster forks them as children). */
export function processTree(pid) {
  let children = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // gone, or no children
  }
  return [pid, ...children.flatMap(processTree)];
}

/** Peak RSS (VmHWM) of each process of the tree, in MB. */
export function peakRssMb(pid) {
  return processTree(pid).map((p) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      return Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
    } catch {
      return 0;
    }
  });
}

/** CPU time the process tree has used so far, in ms (10 ms steps): user and system (the kernel's work for it). */
export function cpuSplitMs(pid) {
  let user = 0;
  let system = 0;
  for (const p of processTree(pid)) {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
      user += (Number(fields[11]) * 1000) / 100;
      system += (Number(fields[12]) * 1000) / 100;
    } catch {
      // a process that ended in between
    }
  }
  return { user, system };
}

/** CPU time (user + system) the process tree has used so far, in ms (10 ms steps). */
export function cpuMs(pid) {
  const { user, system } = cpuSplitMs(pid);
  return user + system;
}

/** Current RSS (VmRSS) of each process of the tree, in MB. */
export function rssMb(pid) {
  return processTree(pid).map((p) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
    } catch {
      return 0;
    }
  });
}
