import type { IndexHtmlTransformHook } from 'vite';
import { describe, expect, it } from 'vitest';
import { preloadScreenPlugin } from './preload-screen.ts';

const html = '<script type="module" crossorigin src="/assets/index-a1.js"></script>';
const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = []) => ({
  type: 'chunk',
  fileName,
  facadeModuleId,
  imports,
});
const bundle = {
  'assets/index-a1.js': chunk('assets/index-a1.js', '/app/src/main.tsx'),
  'assets/home-page-b2.js': chunk('assets/home-page-b2.js', '/app/src/features/home/routes/home-page.tsx', [
    'assets/index-a1.js',
    'assets/use-document-title-c3.js',
  ]),
  'assets/use-document-title-c3.js': chunk('assets/use-document-title-c3.js', null),
};

function transform(modulePath: string) {
  const hook = preloadScreenPlugin(modulePath).transformIndexHtml as { handler: IndexHtmlTransformHook };
  return hook.handler.call({} as never, html, { path: '/index.html', filename: 'index.html', bundle } as never);
}

describe('preloading the first screen', () => {
  it('preloads the screen’s chunk and the chunks it imports that index.html does not load yet', () => {
    expect(transform('/features/home/routes/home-page.tsx')).toEqual([
      { tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: '/assets/home-page-b2.js' }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: '/assets/use-document-title-c3.js' }, injectTo: 'head' },
    ]);
  });

  it('stops the build when the screen has no chunk of its own', () => {
    expect(() => transform('/features/gone/routes/gone-page.tsx')).toThrow('Kein Chunk für /features/gone/routes/gone-page.tsx im Build.');
  });
});
