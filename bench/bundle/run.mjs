// Initial JavaScript of Home (gzip) and the largest lazy chunk, from the built SPA.
// Run by hand after `pnpm build`: node bench/bundle/run.mjs
// Initial = the scripts index.html loads or preloads, Home's own chunk (loaded right away),
// and every chunk these import statically (followed through the files themselves).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const target = 110;
const dist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
const all = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => `assets/${f}`);

/** A chunk and everything it imports statically (not the `import()` of lazy screens). */
function withStaticImports(files) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(path.join(dist, file), 'utf8');
    for (const m of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[^"'`;()]*?from\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g))
      visit(`assets/${m[1]}`);
  };
  files.forEach(visit);
  return [...seen];
}

const fromHtml = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const home = all.filter((f) => /\/home-page-/.test(f));
const initial = withStaticImports([...fromHtml, ...home]);
const initialKb = initial.reduce((sum, f) => sum + gz(f), 0);
const lazy = all
  .filter((f) => !initial.includes(f))
  .map((f) => ({ f, kb: gz(f) }))
  .sort((a, b) => b.kb - a.kb);
console.log(
  `Home initial JS: ${initialKb.toFixed(1)} KB gzip (${initial.join(', ')}); target ≤ ${target} KB: ${initialKb <= target ? 'ok' : 'OVER'}`,
);
console.log(`Largest lazy chunk: ${lazy[0]?.f} ${lazy[0]?.kb.toFixed(1)} KB gzip; ${lazy.length} lazy chunks`);
if (initialKb > target) process.exitCode = 1;
