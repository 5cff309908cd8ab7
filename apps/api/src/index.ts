import cluster, { type Worker } from 'node:cluster';
import { createServer } from 'node:http';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { activeDemoLogins, demoLoginsExist, loadDemoData, shouldLoadDemoData } from './features/demo/index.ts';
import { invoiceSettingsOf } from './features/invoices/invoices.service.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { joinClusterMetrics, serveClusterMetrics } from './lib/metrics.ts';

/** A worker that dies more often than this within a minute is not restarted again. */
const MAX_RESTARTS_PER_MINUTE = 5;

/**
 * Starts the site. With WORKERS=1 (the default) this process serves; with more, it
 * prepares the database once and forks that many workers, which share the port
 * (node:cluster). Workers keep nothing in memory that another one needs: sessions,
 * locks and the outbox live in PostgreSQL (docs/architecture.md).
 */
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
  if (config.workers === 1) return serve(config, log, { prepare: true });
  if (cluster.isPrimary) return supervise(config, log);
  return serve(config, log.child({ worker: cluster.worker?.id }), { prepare: false });
}

/** Migrations and demo data on a new database: once per start, before anything serves. */
async function prepare(database: Database, config: Config, log: Logger): Promise<void> {
  const applied = await migrate(database.raw);
  if (applied.length) log.info({ applied }, 'migrations applied');
  if (await shouldLoadDemoData(database.prisma, config)) {
    const demo = await loadDemoData(database.prisma, new Date(), invoiceSettingsOf(config));
    log.info({ members: demo.members }, 'demo data loaded');
  }
  // Demo logins (password = username, some with board rights) would let anyone into a real club.
  if (config.production) {
    const open = await activeDemoLogins(database.prisma);
    if (open.length) {
      process.stderr.write(
        `Start verweigert: Die Datenbank enthält ${open.length} Demo-Logins mit Passwort = Benutzername (z. B. ${open.slice(0, 3).join(', ')}); in Produktion nicht erlaubt. Eine neue Datenbank ohne Demodaten verwenden oder diese Logins entfernen: node apps/api/dist/remove-demo-logins.mjs\n`,
      );
      await database.close();
      process.exit(1);
    }
  }
}

/** Where the site runs and, while they exist, the demo logins. */
async function announce(database: Database, config: Config, log: Logger, ms: number): Promise<void> {
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  const processes = config.workers > 1 ? `, ${config.workers} Prozesse` : '';
  log.info({ ms }, `Die Website läuft auf ${config.publicUrl} (Datenbank: ${where}${processes})`);
  if (await demoLoginsExist(database.prisma)) log.info('Demo-Logins: mitglied / mitglied (Mitglied), vorstand / vorstand (Vorstand)');
  // A supervisor that started the site with an IPC channel learns that it answers now (PM2's `wait_ready`
  // convention; the browser journeys start their sites this way).
  process.send?.('ready');
}

/** One serving process: the app on the configured port until SIGTERM or SIGINT. */
async function serve(config: Config, log: Logger, options: { prepare: boolean }): Promise<void> {
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  if (options.prepare) await prepare(database, config, log);
  // Loaded here rather than at the top: the primary of several workers never serves.
  const [{ createApp }, { startOperations }] = await Promise.all([import('./app.ts'), import('./features/ops/nightly.ts')]);
  if (cluster.isWorker) joinClusterMetrics();
  const app = await createApp({ config, database, log });
  const operations = await startOperations({ config, database, log, diskFull: app.diskFull });
  // Idle connections stay open longer than a proxy or load balancer in front keeps its own
  // (commonly 60 s): otherwise the site may close one just as the proxy sends a request on it,
  // which the member sees as a 502. Node's default is 5 s.
  const server = createServer({ keepAliveTimeout: 65_000, headersTimeout: 66_000 }, app.handler);
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  if (options.prepare) await announce(database, config, log, Date.now() - started);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await operations.stop();
      await app.close();
      await database.close();
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** The primary of several workers: prepares the database, forks, restarts crashed workers, stops them all. */
async function supervise(config: Config, log: Logger): Promise<void> {
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  await prepare(database, config, log);

  let stopping = false;
  let exitCode = 0;
  const alive = new Set<Worker>();
  const crashes: number[] = [];
  let listening = 0;
  serveClusterMetrics();
  const fork = () => alive.add(cluster.fork());
  cluster.on('listening', () => {
    listening += 1;
    if (listening === config.workers) {
      void announce(database, config, log, Date.now() - started).finally(() => database.close());
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker);
    if (stopping) {
      if (alive.size === 0) process.exit(exitCode);
      return;
    }
    const now = Date.now();
    crashes.push(now);
    while ((crashes[0] ?? now) < now - 60_000) crashes.shift();
    if (crashes.length > MAX_RESTARTS_PER_MINUTE) {
      log.fatal({ worker: worker.id, code, signal }, 'workers keep dying; stopping the site');
      stop('worker crashes', 1);
      return;
    }
    log.error({ worker: worker.id, code, signal }, 'worker died; starting a new one');
    fork();
  });

  const stop = (reason: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    log.info({ reason }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 12_000);
    force.unref();
    if (alive.size === 0) process.exit(exitCode);
    for (const worker of alive) worker.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < config.workers; i++) fork();
}

await main();
