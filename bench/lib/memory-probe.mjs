// Preloaded into a server (`node --import ./bench/lib/memory-probe.mjs dist/server.mjs`, or through a benchmark's
// SERVER_NODE_ARGS) to see where its memory goes: every MEMORY_PROBE_MS (500) one JSON line into MEMORY_PROBE_FILE
// with process.memoryUsage(), V8's heap spaces and VmRSS/VmHWM; with MEMORY_PROBE_MODULES=1 also, 20 s after the
// start, the CommonJS packages loaded so far and the size of their files (packages/<name>: bytes).
import { appendFileSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import v8 from 'node:v8';

const file = process.env.MEMORY_PROBE_FILE ?? `/tmp/memory-probe-${process.pid}.jsonl`;
const every = Number(process.env.MEMORY_PROBE_MS ?? 500);
const started = Date.now();
const mb = (n) => Math.round((n / 1048576) * 10) / 10;

function procStatus() {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { vmRss: mb(kb('VmRSS')), vmHwm: mb(kb('VmHWM')), rssAnon: mb(kb('RssAnon')), rssFile: mb(kb('RssFile')) };
}

function sample() {
  const usage = process.memoryUsage();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, mb(s.space_used_size)]));
  const line = {
    t: Date.now() - started,
    ...procStatus(),
    rss: mb(usage.rss),
    heapTotal: mb(usage.heapTotal),
    heapUsed: mb(usage.heapUsed),
    external: mb(usage.external),
    arrayBuffers: mb(usage.arrayBuffers),
    spaces,
  };
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

setInterval(sample, every).unref();

if (process.env.MEMORY_PROBE_MODULES) {
  setTimeout(() => {
    const require = createRequire(import.meta.url);
    const packages = new Map();
    for (const key of Object.keys(require.cache)) {
      const match = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(key);
      const name = match?.[1] ?? key;
      let size = 0;
      try {
        size = statSync(key).size;
      } catch {
        // not a file
      }
      packages.set(name, (packages.get(name) ?? 0) + size);
    }
    const list = [...packages].sort((a, b) => b[1] - a[1]).map(([name, size]) => ({ name, kb: Math.round(size / 1024) }));
    appendFileSync(file, `${JSON.stringify({ t: Date.now() - started, packages: list })}\n`);
  }, 20_000).unref();
}
