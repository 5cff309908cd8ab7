import type { Plugin } from 'vite';

/**
 * `<link rel="modulepreload">` in index.html for Home's chunk (and what it imports): the most
 * visited first screen starts loading with the entry instead of after it has run. Other
 * screens lose nothing but these few hundred bytes, which the browser caches for later.
 */
export function preloadHomePlugin(pageModule = '/src/features/home/routes/home-page.tsx'): Plugin {
  return {
    name: 'club-preload-home',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const home = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(pageModule));
        if (!home || home.type !== 'chunk') return [];
        const missing = [home.fileName, ...home.imports].filter((file) => !html.includes(`/${file}"`));
        return missing.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
