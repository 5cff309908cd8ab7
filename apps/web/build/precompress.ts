import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images other than SVG and fonts in woff2 are compressed already. */
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/** Below this a compressed copy saves less than the headers it costs. */
const minBytes = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Writes `<file>.br` and `<file>.gz` next to every compressible file of the build; the server picks one per request. */
export function precompress(outDir: string): { files: number; bytes: number; br: number; gz: number } {
  const total = { files: 0, bytes: 0, br: 0, gz: 0 };
  for (const file of files(outDir)) {
    if (!compressible.test(file) || statSync(file).size < minBytes) continue;
    const source = readFileSync(file);
    const br = brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    });
    const gz = gzipSync(source, { level: 9 });
    // A copy only where it is smaller than the original (the server falls back to the file itself).
    if (br.length < source.length) writeFileSync(`${file}.br`, br);
    if (gz.length < source.length) writeFileSync(`${file}.gz`, gz);
    total.files += 1;
    total.bytes += source.length;
    total.br += Math.min(br.length, source.length);
    total.gz += Math.min(gz.length, source.length);
  }
  return total;
}

/** Vite plugin: pre-compresses the written build (brotli at maximum quality, gzip level 9). */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'club-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
      const total = precompress(outDir);
      this.info(`precompressed ${total.files} files: ${kb(total.bytes)} → brotli ${kb(total.br)}, gzip ${kb(total.gz)}`);
    },
  };
}
