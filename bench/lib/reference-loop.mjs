import { cpus, loadavg } from 'node:os';

/**
 * A fixed loop of integer arithmetic, in ms: the machine's speed at the moment. On a shared
 * virtual machine the same loop takes 420 to 700 ms, and every figure of a benchmark moves
 * with it; each benchmark prints it beside its figures.
 */
export function referenceLoopMs() {
  const t0 = performance.now();
  let x = 0;
  for (let i = 0; i < 3e8; i++) x += i % 7;
  if (x < 0) console.log(x);
  return Math.round(performance.now() - t0);
}

/** The line each benchmark starts with: CPUs, load average (1/5/15 min) and the reference loop. */
export function machineLine() {
  const load = loadavg()
    .map((l) => Math.round(l * 100) / 100)
    .join(' / ');
  return `Maschine: ${cpus().length} CPUs, Last (1/5/15 min) ${load}, Referenzschleife ${referenceLoopMs()} ms`;
}
