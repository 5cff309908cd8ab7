import type { Plugin } from 'vite';

/**
 * Vite plugin: index.html preloads the chunk of one lazy screen (Home, where most visits start)
 * and the chunks it imports, beside the entry. Without it the browser learns of that chunk only
 * when the entry has run and the router asks for it: one round trip more before Home shows.
 * `modulePath` ends the screen module's path (`/features/home/routes/home-page.tsx`).
 */
export function preloadScreenPlugin(modulePath: string): Plugin {
  return {
    name: 'club-preload-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(modulePath));
        if (!chunk || chunk.type !== 'chunk') throw new Error(`Kein Chunk für ${modulePath} im Build.`);
        return [chunk.fileName, ...chunk.imports]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
