import { createHash, timingSafeEqual } from 'node:crypto';
import { Router, type Request } from 'express';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { readMigrations } from '../../db/migrate.ts';
import { metricsText, useDatabaseGauges } from '../../lib/metrics.ts';
import { countInvoicesByKind, pingDatabase, readOutboxFigures } from './ops.repository.ts';
import { checkReadiness } from './readiness.ts';
import type { DiskFullWatch } from '../../lib/disk-full.ts';

export interface OpsDeps {
  config: Config;
  database: Database;
  clock: () => Date;
  diskFull: DiskFullWatch;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time). */
function bearerMatches(req: Request, token: string): boolean {
  const header = req.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match !== null && timingSafeEqual(sha256(match[1]!), sha256(token));
}

/**
 * What an operator watches: /healthz (the process answers and reaches the database), /readyz
 * (this instance should get traffic) and /metrics (Prometheus, with METRICS_TOKEN only). Outside
 * /api: no session, no CSRF rules; answers are never cached.
 */
export function opsRouter(deps: OpsDeps): { router: Router; close(): void } {
  const { config, database } = deps;
  const router = Router();
  const migrations = readMigrations().map((m) => m.name);
  const stopGauges = useDatabaseGauges(async () => {
    const [outbox, invoices] = await Promise.all([readOutboxFigures(database.prisma, deps.clock()), countInvoicesByKind(database.prisma)]);
    return { pool: database.poolStats?.() ?? null, outbox, invoices };
  });

  router.get('/healthz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    try {
      await pingDatabase(database.prisma);
      res.json({ status: 'ok' });
    } catch {
      res.status(503).set('Retry-After', '5').json({ status: 'unavailable' });
    }
  });

  router.get('/readyz', async (_req, res) => {
    const readiness = await checkReadiness({
      database,
      migrations,
      smtpConfigured: Boolean(config.smtpUrl),
      now: deps.clock(),
      diskFull: deps.diskFull,
    });
    res.set('Cache-Control', 'no-store');
    if (readiness.ready) {
      res.json({ status: 'ready', checks: readiness.checks });
      return;
    }
    res.status(503).set('Retry-After', '5').json({ status: 'not ready', reason: readiness.reason, checks: readiness.checks });
  });

  router.get('/metrics', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const token = config.metricsToken;
    if (!token) {
      res.status(404).json({ error: { code: 'NOT_FOUND', message: 'Diese Adresse gibt es nicht.' } });
      return;
    }
    if (!bearerMatches(req, token)) {
      res
        .status(401)
        .set('WWW-Authenticate', 'Bearer realm="metrics"')
        .json({ error: { code: 'NOT_LOGGED_IN', message: 'Für die Metriken ist das Token (METRICS_TOKEN) nötig.' } });
      return;
    }
    const { contentType, text } = await metricsText();
    res.set('Content-Type', contentType).send(text);
  });

  return { router, close: stopGauges };
}
