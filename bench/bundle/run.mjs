// Initial JavaScript of Home (gzip) and the largest lazy chunk, from the built SPA.
// Run by hand after `pnpm build`: node bench/bundle/run.mjs
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
const all = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
// Home's own lazy chunk is loaded right away too.
const home = all.filter((f) => /home-page/.test(f));
const initialKb = [...initial, ...home].reduce((sum, f) => sum + gz(f), 0);
const lazy = all.filter((f) => !initial.includes(f)).map((f) => ({ f, kb: gz(f) })).sort((a, b) => b.kb - a.kb);
console.log(`Home initial JS: ${initialKb.toFixed(1)} KB gzip (${[...initial, ...home].join(', ')}); target ≤ 120 KB: ${initialKb <= 120 ? 'ok' : 'OVER'}`);
console.log(`Largest lazy chunk: ${lazy[0]?.f} ${lazy[0]?.kb.toFixed(1)} KB gzip; ${lazy.length} lazy chunks`);
