import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { logoSpritePlugin } from './build/logo-sprite.ts';
import { precompressPlugin } from './build/precompress.ts';

/*
 * React Router exports its development build (with its console warnings) to every bundler; its
 * framework plugin switches to the production build, a plain Vite build has to do it itself. The
 * two differ only in the warnings: 0.6 KB gzip less on every first load (bench/README.md, Bundle).
 */
const require = createRequire(import.meta.url);
const reactRouterDir = path.dirname(createRequire(require.resolve('react-router-dom')).resolve('react-router/package.json'));
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterDir, 'dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDir, 'dist/production/dom-export.mjs') },
];
const apiTarget = 'http://127.0.0.1:3000';
const proxy = Object.fromEntries(['/api', '/oauth', '/idp', '/healthz'].map((prefix) => [prefix, { target: apiTarget }]));

export default defineConfig(({ command }) => ({
  plugins: [react(), logoSpritePlugin(), precompressPlugin()],
  resolve: {
    tsconfigPaths: true,
    alias: command === 'build' ? reactRouterProduction : [],
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser the site supports knows <link rel="modulepreload">.
    modulePreload: { polyfill: false },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'build/**/*.test.ts'],
    environment: 'node',
  },
}));
