// Bundles the server's own TypeScript (with the contract package and the generated Prisma
// client) into dist/server.mjs, which `pnpm start` and the Docker image run with plain node:
// no TypeScript loader at start. The operator's commands likewise (dist/backup.mjs, restore,
// create-board-login, remove-demo-logins), so the image needs no TypeScript loader for them either. Packages from node_modules stay outside the bundle and load
// as they are. Run by `pnpm --filter @club/api build`.
import { build } from 'esbuild';

await build({
  entryPoints: {
    server: 'src/index.ts',
    backup: 'src/cli/backup.ts',
    restore: 'src/cli/restore.ts',
    'create-board-login': 'src/cli/create-board-login.ts',
    'remove-demo-logins': 'src/cli/remove-demo-logins.ts',
  },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'packages-stay-external',
      setup(b) {
        // Bare imports are packages (and node: built-ins); only the workspace's own are bundled.
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@club/') ? undefined : { external: true }));
      },
    },
  ],
});
