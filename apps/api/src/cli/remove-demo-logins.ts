/**
 * Removes the demo logins (accounts of the demo people whose password is still their
 * username) so that a database that once held demo data can serve a real club:
 *
 *   pnpm --filter @club/api exec tsx src/cli/remove-demo-logins.ts
 *
 * The members stay (the board may delete them); only their logins go. The database comes
 * from the same environment as the server's (DATABASE_URL or DATA_DIR).
 */
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { removeDemoLogins } from '../features/demo/index.ts';

export { removeDemoLogins };

async function main(): Promise<number> {
  try {
    const config = loadConfig();
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
    try {
      const removed = await removeDemoLogins(database.prisma);
      process.stdout.write(
        removed.length ? `${removed.length} Demo-Logins entfernt: ${removed.join(', ')}\n` : 'Keine Demo-Logins gefunden.\n',
      );
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
