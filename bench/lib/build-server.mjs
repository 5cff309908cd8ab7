import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const apiDir = fileURLToPath(new URL('../../apps/api', import.meta.url));

/** Bundles the server (apps/api/dist/server.mjs) as `pnpm build` does, so a benchmark runs the current code as `pnpm start` would. */
export function buildServer() {
  const run = spawnSync(process.execPath, ['build.mjs'], { cwd: apiDir, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('Server-Build fehlgeschlagen');
}
