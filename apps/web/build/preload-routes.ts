import { readFileSync } from 'node:fs';
import type { Plugin, Rollup } from 'vite';
import { paths, type RouteKey } from '../src/config/paths.ts';

/** Where the pages per screen go in dist/, and the table the server picks them by. */
export const ROUTE_PAGES_DIR = 'routes';
export const ROUTE_PAGES_TABLE = 'route-pages.json';

export interface RoutePage {
  /** The screen's path pattern (`/tickets/games/:id`). */
  path: string;
  /** The page to send for it, relative to dist/. */
  file: string;
}

/**
 * The page module of every screen, as the router loads it: `{ key: 'ticket', load: () =>
 * import('@/features/tickets/routes/ticket-page') }` in src/app/router.tsx. Read from its source,
 * so the router stays the one table; a screen missing there fails the build.
 */
export function screenModules(routerSource: string): Map<RouteKey, string> {
  const found = new Map<RouteKey, string>();
  for (const m of routerSource.matchAll(/key: '(\w+)',\s*load: \(\) => import\('@\/([^']+)'\)/g)) {
    found.set(m[1] as RouteKey, `/src/${m[2]}.tsx`);
  }
  const missing = (Object.keys(paths) as RouteKey[]).filter((key) => !found.has(key));
  if (missing.length) throw new Error(`Im Router fehlt die Seite für: ${missing.join(', ')}`);
  return found;
}

/** A chunk's own file and every chunk it imports statically, transitively, with their CSS. */
function closure(bundle: Rollup.OutputBundle, start: Rollup.OutputChunk): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (js.includes(chunk.fileName)) return;
    js.push(chunk.fileName);
    for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
    for (const file of chunk.imports) {
      const next = bundle[file];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(start);
  return { js, css: [...css] };
}

/** index.html with `<link>`s for the given files that it does not load already. */
function withPreloads(html: string, files: { js: string[]; css: string[] }): string {
  const missing = (file: string) => !html.includes(`/${file}"`);
  const links = [
    ...files.js.filter(missing).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...files.css.filter(missing).map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ];
  return links.length ? html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`) : html;
}

/**
 * A page per screen that preloads the screen's chunks (and their CSS) together with the entry,
 * so that a first visit of `/tickets` loads its screen in the same round as the app instead
 * of after it has run. index.html itself preloads Home (the most visited first screen); the
 * server sends `routes/<screen>.html` for the other screens' paths (`route-pages.json`).
 */
export function preloadRoutesPlugin(): Plugin {
  return {
    name: 'club-preload-routes',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string') return;
      const base = index.source;
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const table: RoutePage[] = [];
      const modules = screenModules(readFileSync(new URL('../src/app/router.tsx', import.meta.url), 'utf8'));
      for (const [key, module] of modules) {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
        if (!chunk) this.error(`Kein Chunk für die Seite ${key} (${module}).`);
        const html = withPreloads(base, closure(bundle, chunk));
        if (key === 'home') {
          index.source = html;
          continue;
        }
        const route = paths[key];
        if (route.path === '*') continue;
        const file = `${ROUTE_PAGES_DIR}/${key}.html`;
        this.emitFile({ type: 'asset', fileName: file, source: html });
        table.push({ path: route.path, file });
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PAGES_TABLE, source: `${JSON.stringify(table, null, 2)}\n` });
    },
  };
}
