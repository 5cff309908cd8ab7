import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the sprite is served; `<use href="/logos/sprite.svg#HCD">` picks one badge. */
export const spritePath = 'logos/sprite.svg';

/**
 * One SVG file with a `<symbol id="<CODE>">` per badge in `public/logos/<CODE>.svg`: the
 * ticket list loads one file instead of one per team. The single files stay the source: a
 * club replaces `public/logos/HCD.svg` and the next build puts its own badge in the sprite.
 * Ids inside a badge file must be unique across all badges (they share one document).
 */
export function buildLogoSprite(logosDir: string): string {
  const files = existsSync(logosDir) ? readdirSync(logosDir).filter((f) => /^[A-Za-z0-9_-]+\.svg$/.test(f) && f !== 'sprite.svg') : [];
  const symbols = files.sort().map((file) => {
    const svg = readFileSync(path.join(logosDir, file), 'utf8');
    const open = /<svg\b([^>]*)>/i.exec(svg);
    const close = svg.lastIndexOf('</svg>');
    if (!open || close < 0) throw new Error(`${file}: kein <svg>-Element`);
    const viewBox = /\bviewBox="([^"]+)"/.exec(open[1] ?? '')?.[1] ?? '0 0 100 100';
    const inner = svg.slice(open.index + open[0].length, close).trim();
    return `<symbol id="${path.basename(file, '.svg')}" viewBox="${viewBox}">${inner}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}

/** Vite plugin: writes the sprite into the build and serves it in development. */
export function logoSpritePlugin(): Plugin {
  let logosDir = '';
  return {
    name: 'club-logo-sprite',
    configResolved(config) {
      logosDir = path.join(config.publicDir, 'logos');
    },
    configureServer(server) {
      server.middlewares.use(`/${spritePath}`, (_req, res) => {
        res.setHeader('Content-Type', 'image/svg+xml');
        res.end(buildLogoSprite(logosDir));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: spritePath, source: buildLogoSprite(logosDir) });
    },
  };
}
