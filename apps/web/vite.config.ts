import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { logoSpritePlugin } from './build/logo-sprite.ts';
import { precompressPlugin } from './build/precompress.ts';

const apiTarget = 'http://127.0.0.1:3000';
const proxy = Object.fromEntries(['/api', '/oauth', '/idp', '/healthz'].map((prefix) => [prefix, { target: apiTarget }]));

export default defineConfig({
  plugins: [react(), logoSpritePlugin(), precompressPlugin()],
  resolve: { tsconfigPaths: true },
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
});
