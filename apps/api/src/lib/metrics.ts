import cluster from 'node:cluster';
import type { Request, RequestHandler } from 'express';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The site's Prometheus metrics (prom-client), one registry per process. GET /metrics
 * (features/ops) answers them; with several workers the primary sums the workers' metrics
 * (prom-client's AggregatorRegistry), so a scrape through the shared port sees the whole site.
 *
 * Figures read from the database (pool, outbox, invoices) are gauges filled when scraped,
 * from the database of the app that runs in this process (`useDatabaseGauges`).
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const requests = new Counter({
  name: 'http_requests_total',
  help: 'Answered HTTP requests by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});
const durations = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request until its answer was written, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** Tickets reserved (requests accepted) by this process since it started. */
export const reservationsCreated = new Counter({
  name: 'club_ticket_reservations_created_total',
  help: 'Ticket reservations created (committed) by this process',
  registers: [registry],
});

/** Errors answered because the database's or the server's disk is full (SQLSTATE 53100, ENOSPC). */
export const diskFullErrors = new Counter({
  name: 'club_disk_full_errors_total',
  help: 'Requests and background work refused because a disk is full (SQLSTATE 53100, ENOSPC)',
  registers: [registry],
});

/** Nightly jobs (backup, retention) by job and outcome. */
export const jobRuns = new Counter({
  name: 'club_job_runs_total',
  help: 'Runs of the nightly jobs by job and outcome (ok, failed)',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});

/** What the database gauges read; set by the app of this process. */
export interface DatabaseFigures {
  pool: { max: number; total: number; idle: number; waiting: number } | null;
  outbox: { pending: number; oldestPendingAgeSeconds: number };
  invoices: { kind: string; count: number }[];
}

/** Sources of the apps open in this process; the newest one is read (one app per process, except in tests). */
const sources: (() => Promise<DatabaseFigures>)[] = [];
let lastRead: Promise<DatabaseFigures | null> | null = null;

/** The database figures, read once per scrape (the gauges below share one read). */
function readFigures(): Promise<DatabaseFigures | null> {
  if (!lastRead) {
    const read = sources.at(-1);
    lastRead = read ? read().catch(() => null) : Promise.resolve(null);
    // One read serves the gauges of one scrape; the next scrape reads anew.
    void lastRead.finally(() => setImmediate(() => (lastRead = null)));
  }
  return lastRead;
}

/** Makes the gauges below read the figures of this app's database; returns the undo. */
export function useDatabaseGauges(read: () => Promise<DatabaseFigures>): () => void {
  sources.push(read);
  return () => {
    const at = sources.indexOf(read);
    if (at >= 0) sources.splice(at, 1);
  };
}

// Gauges read from the database are the same in every worker: aggregated by the first one, except
// the pools, which are each worker's own and add up.
new Gauge({
  name: 'club_db_pool_connections',
  help: 'Connections of the PostgreSQL pool of this process: max (DATABASE_POOL_SIZE), total open, idle, in_use, and waiting requests',
  labelNames: ['state'] as const,
  registers: [registry],
  async collect() {
    const pool = (await readFigures())?.pool;
    this.reset();
    if (!pool) return;
    this.set({ state: 'max' }, pool.max);
    this.set({ state: 'total' }, pool.total);
    this.set({ state: 'idle' }, pool.idle);
    this.set({ state: 'in_use' }, pool.total - pool.idle);
    this.set({ state: 'waiting' }, pool.waiting);
  },
});
new Gauge({
  name: 'club_mail_outbox_pending',
  help: 'Mails in the outbox not sent yet',
  aggregator: 'first',
  registers: [registry],
  async collect() {
    const outbox = (await readFigures())?.outbox;
    this.reset();
    if (outbox) this.set(outbox.pending);
  },
});
new Gauge({
  name: 'club_mail_outbox_oldest_pending_age_seconds',
  help: 'Age of the oldest mail not sent yet (0: none waiting)',
  aggregator: 'first',
  registers: [registry],
  async collect() {
    const outbox = (await readFigures())?.outbox;
    this.reset();
    if (outbox) this.set(outbox.oldestPendingAgeSeconds);
  },
});
new Gauge({
  name: 'club_invoices_created',
  help: 'Invoices issued, by kind (invoices are never deleted, so this only grows: rate() shows how many are created)',
  labelNames: ['kind'] as const,
  aggregator: 'first',
  registers: [registry],
  async collect() {
    const invoices = (await readFigures())?.invoices;
    this.reset();
    for (const { kind, count } of invoices ?? []) this.set({ kind }, count);
  },
});

/** Where app.ts mounts routers; a route's pattern is relative to its mount. */
const MOUNTS = ['/api/v1', '/oauth'];

/**
 * The route pattern of a request for the labels: the matched Express route under its mount
 * (`/api/v1/games/:id`), else a fixed word, so that the number of series stays bounded whatever
 * paths clients send. The mount comes from the URL: once an error left the router, Express has
 * reset `req.baseUrl`, but `req.route` is still the route that was matched.
 */
function routeOf(req: Request): string {
  const path = req.originalUrl;
  const mount = MOUNTS.find((m) => path === m || path.startsWith(`${m}/`) || path.startsWith(`${m}?`));
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route && typeof route.path === 'string') return `${mount ?? ''}${route.path}`;
  if (mount) return `${mount} (keine Route)`;
  if (path.startsWith('/idp')) return '/idp';
  return 'static';
}

/** Counts and times every answer by method, route pattern and status. */
export const requestMetrics: RequestHandler = (req, res, next) => {
  const started = performance.now();
  res.once('finish', () => {
    const labels = { method: req.method, route: routeOf(req), status: String(res.statusCode) };
    requests.inc(labels);
    durations.observe(labels, (performance.now() - started) / 1000);
  });
  next();
};

// --- several workers: the primary sums what the workers have -------------------------------------

const ASK = 'club:metrics?';
const ANSWER = 'club:metrics';
let aggregator: AggregatorRegistry<typeof registry.contentType> | undefined;

/** In the primary of several workers: answers a worker's request for the whole site's metrics. */
export function serveClusterMetrics(): void {
  aggregator ??= new AggregatorRegistry();
  const own = aggregator;
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== ASK) return;
    own.clusterMetrics().then(
      (text: string) => worker.send({ type: ANSWER, id: message.id, text }),
      (error: unknown) => worker.send({ type: ANSWER, id: message.id, error: String(error) }),
    );
  });
}

/** In a worker, at its start: answers the primary's aggregation with this process's registry. */
export function joinClusterMetrics(): void {
  if (aggregator) return;
  aggregator = new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

let asked = 0;

/** The metrics in Prometheus' text format: this process's, or with several workers the sum of all. */
export async function metricsText(): Promise<{ contentType: string; text: string }> {
  if (!cluster.isWorker || !process.send || !aggregator) return { contentType: registry.contentType, text: await registry.metrics() };
  const id = ++asked;
  const text = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => done(new Error('no answer from the primary')), 6_000);
    const listener = (message: { type?: string; id?: number; text?: string; error?: string }) => {
      if (message?.type === ANSWER && message.id === id) done(message.error ? new Error(message.error) : null, message.text ?? '');
    };
    function done(error: Error | null, value = '') {
      clearTimeout(timer);
      process.off('message', listener);
      if (error) reject(error);
      else resolve(value);
    }
    process.on('message', listener);
    process.send!({ type: ASK, id });
  });
  return { contentType: registry.contentType, text };
}
