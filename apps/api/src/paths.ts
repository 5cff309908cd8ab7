import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's root (where pnpm-workspace.yaml lies), found from this module's place:
 * the same from the TypeScript sources and from the bundled server in apps/api/dist.
 */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'pnpm-workspace.yaml'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('pnpm-workspace.yaml not found above the server’s files');
    dir = parent;
  }
  return dir;
}

export const repoRoot = findRoot();
