import { createServer } from 'node:http';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { loadDemoData, shouldLoadDemoData } from './features/demo/demo-data.ts';
import { createLogger } from './lib/logger.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.logLevel);
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  const applied = await migrate(database.raw);
  if (applied.length) log.info({ applied }, 'migrations applied');
  if (await shouldLoadDemoData(database.prisma, config)) {
    const demo = await loadDemoData(database.prisma, new Date());
    log.info({ members: demo.members }, 'demo data loaded');
  }
  const app = await createApp({ config, database, log });
  // Idle connections stay open longer than a proxy or load balancer in front keeps its own
  // (commonly 60 s): otherwise the site may close one just as the proxy sends a request on it,
  // which the member sees as a 502. Node's default is 5 s.
  const server = createServer({ keepAliveTimeout: 65_000, headersTimeout: 66_000 }, app.handler);
  server.listen(config.port, config.host, () => {
    const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
    log.info({ ms: Date.now() - started }, `Die Website läuft auf ${config.publicUrl} (Datenbank: ${where})`);
  });
  const demoLogins = await database.prisma.loginAccount.count({ where: { username: { in: ['mitglied', 'vorstand'] } } });
  if (demoLogins > 0) log.info('Demo-Logins: mitglied / mitglied (Mitglied), vorstand / vorstand (Vorstand)');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await app.close();
      await database.close();
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

await main();
