import express, { type Express, type Router } from 'express';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { contactRouter } from './features/contact/contact.router.ts';
import { createAuth } from './features/auth/index.ts';
import { candidatesRouter } from './features/candidates/candidates.router.ts';
import { newslettersRouter } from './features/newsletters/newsletters.router.ts';
import { paymentsRouter } from './features/payments/payments.router.ts';
import { invoicesRouter } from './features/invoices/invoices.router.ts';
import { invoiceAttachmentRenderer, invoiceSettingsOf } from './features/invoices/invoices.service.ts';
import { memberAdminRouter } from './features/member-admin/member-admin.router.ts';
import { membersRouter } from './features/members/members.router.ts';
import { reportsRouter } from './features/reports/reports.router.ts';
import { seasonsRouter } from './features/seasons/seasons.router.ts';
import { siteRouter } from './features/site/site.router.ts';
import { eventsRouter } from './features/events/events.router.ts';
import { ticketsRouter } from './features/tickets/tickets.router.ts';
import { compressAnswers, compressSentBodies } from './http/compress.ts';
import { apiNotFound, errorHandler } from './http/error-handler.ts';
import { requireBoard } from './http/require-role.ts';
import { requestLog } from './http/request-log.ts';
import { listRoutes, type RouteInfo } from './http/routes.ts';
import { csrfGuard, noStore, securityHeaders } from './http/security.ts';
import { spa } from './http/spa.ts';
import { inputGuard } from './http/validate.ts';
import { signalWrites } from './http/write-signal.ts';
import { startOutboxWorker } from './lib/outbox.ts';
import type { Deps } from './lib/deps.ts';
import { WriteSignal } from './lib/write-signal.ts';
import type { Logger } from './lib/logger.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  log: Logger;
  /** Wall clock; tests may pin it. */
  clock?: () => Date;
}

/**
 * Every feature's API router, mounted under /api/v1 in this order. Express tries them one
 * after another, so the ticket sale, the route under the heaviest load, comes first.
 */
const features: ((deps: Deps) => Router)[] = [
  ticketsRouter,
  siteRouter,
  candidatesRouter,
  membersRouter,
  memberAdminRouter,
  seasonsRouter,
  newslettersRouter,
  contactRouter,
  eventsRouter,
  reportsRouter,
  paymentsRouter,
  invoicesRouter,
];

export interface App {
  /** The Express handler (supertest drives it; index.ts listens with it). */
  handler: Express;
  /** Every API route under /api/v1 (method and path), for tests that walk them all. */
  apiRoutes: RouteInfo[];
  /** Stops timers and background work; the database stays open (its owner closes it). */
  close(): Promise<void>;
}

/** Builds the whole site: middleware, every feature router, error handler. Never listens. */
export async function createApp(deps: AppDeps): Promise<App> {
  const { config, database, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');
  // API answers are never cached (below), and the login pages are no-store: an ETag would only cost.
  app.set('etag', false);

  app.use(requestLog(log, (req) => req.url === '/healthz'));
  app.use(securityHeaders(config.secureCookies));
  compressSentBodies(app);

  app.get('/healthz', async (_req, res) => {
    try {
      await database.raw.query('SELECT 1');
      res.json({ status: 'ok' });
    } catch {
      res.status(503).set('Retry-After', '5').json({ status: 'unavailable' });
    }
  });

  // Successful write answers of the API tell the copies this process keeps (sessions, sale reads).
  const writes = new WriteSignal();
  const auth = await createAuth({ config, database, log, clock, writes });
  // The identity provider parses its own bodies; it is mounted before ours.
  if (auth.idp) app.use('/idp', compressAnswers(), auth.idp);

  app.use(express.json({ limit: '1mb' }));
  app.use(auth.session);
  app.use('/oauth', auth.router);

  const api = express.Router();
  api.use(noStore);
  api.use(csrfGuard(config.publicUrl));
  api.use(inputGuard);
  // Everything under /admin needs the board role, whatever a feature forgets.
  api.use('/admin', requireBoard);
  api.use(signalWrites(writes));
  const featureDeps: Deps = { config, database, log, clock, writes };
  for (const feature of features) api.use(feature(featureDeps));
  api.use(apiNotFound);
  app.use('/api/v1', api);
  app.use('/api', apiNotFound);

  app.use(spa());
  app.use(errorHandler);

  const outbox = startOutboxWorker({
    db: database.prisma,
    log,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    renderAttachment: invoiceAttachmentRenderer(database.prisma, invoiceSettingsOf(config)),
  });

  return {
    handler: app,
    apiRoutes: listRoutes(api),
    async close() {
      await outbox.stop();
      await auth.close();
    },
  };
}
