import express, { type Express, type Router } from 'express';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { calendarRouter } from './features/calendar/calendar.router.ts';
import { contactRouter } from './features/contact/contact.router.ts';
import { createAuth } from './features/auth/index.ts';
import { candidatesRouter } from './features/candidates/candidates.router.ts';
import { newslettersRouter } from './features/newsletters/newsletters.router.ts';
import { documentsRouter } from './features/documents/documents.router.ts';
import { mailingsRouter } from './features/mailings/mailings.router.ts';
import { mailingAttachmentRenderer } from './features/mailings/mailings.service.ts';
import { paymentsRouter } from './features/payments/payments.router.ts';
import { invoicesRouter } from './features/invoices/invoices.router.ts';
import { invoiceAttachmentRenderer, invoiceSettingsOf } from './features/invoices/invoices.service.ts';
import { accountRouter } from './features/account/account.router.ts';
import { membersRouter } from './features/members/members.router.ts';
import { memberImportRouter } from './features/members/member-import.router.ts';
import { reportsRouter } from './features/reports/reports.router.ts';
import { seasonsRouter } from './features/seasons/seasons.router.ts';
import { siteRouter } from './features/site/site.router.ts';
import { eventsRouter } from './features/events/events.router.ts';
import { opsRouter } from './features/ops/ops.router.ts';
import { handoverRouter } from './features/handover/handover.router.ts';
import { ticketsRouter } from './features/tickets/tickets.router.ts';
import { compressAnswers } from './http/compress.ts';
import { apiNotFound, errorHandler } from './http/error-handler.ts';
import { requireBoard } from './http/require-role.ts';
import { requestLog } from './http/request-log.ts';
import { listRoutes, type RouteInfo } from './http/routes.ts';
import { csrfGuard, noStore, securityHeaders } from './http/security.ts';
import { spa } from './http/spa.ts';
import { inputGuard } from './http/validate.ts';
import { attachmentRenderers, startOutboxWorker } from './lib/outbox.ts';
import type { Deps } from './lib/deps.ts';
import { DiskFullWatch } from './lib/disk-full.ts';
import { requestMetrics } from './lib/metrics.ts';
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
  accountRouter,
  memberImportRouter,
  membersRouter,
  seasonsRouter,
  newslettersRouter,
  documentsRouter,
  contactRouter,
  eventsRouter,
  reportsRouter,
  paymentsRouter,
  invoicesRouter,
  handoverRouter,
  calendarRouter,
  mailingsRouter,
];

/** Paths that monitoring asks every few seconds: not logged. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

export interface App {
  /** The Express handler (supertest drives it; index.ts listens with it). */
  handler: Express;
  /** Every API route under /api/v1 (method and path), for tests that walk them all. */
  apiRoutes: RouteInfo[];
  /** The site's full-disk state: the nightly jobs report to it as well. */
  diskFull: DiskFullWatch;
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

  app.use(requestMetrics);
  const diskFull = new DiskFullWatch();
  app.use(diskFull.noticeSpaceAgain);
  app.use(requestLog(log, (req) => PROBES.has(req.path)));
  app.use(securityHeaders(config.secureCookies));
  app.use(compressAnswers());

  // /healthz, /readyz and /metrics (features/ops).
  const ops = opsRouter({ config, database, clock, diskFull });
  app.use(ops.router);

  const auth = await createAuth({ config, database, log, clock });
  // The identity provider parses its own bodies; it is mounted before ours.
  if (auth.idp) app.use('/idp', auth.idp);

  app.use(express.json({ limit: '1mb' }));
  // Only the API and the login need the session: the SPA's files and pages are the same for everyone.
  app.use(['/api', '/oauth'], auth.session);
  app.use('/oauth', auth.router);

  const api = express.Router();
  api.use(noStore);
  api.use(csrfGuard(config.publicUrl));
  api.use(inputGuard);
  // Everything under /admin needs the board role, whatever a feature forgets.
  api.use('/admin', requireBoard);
  const featureDeps: Deps = { config, database, log, clock };
  for (const feature of features) api.use(feature(featureDeps));
  api.use(apiNotFound);
  app.use('/api/v1', api);
  app.use('/api', apiNotFound);

  app.use(spa());
  app.use(errorHandler(diskFull));

  const outbox = startOutboxWorker({
    db: database.prisma,
    log,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    renderAttachment: attachmentRenderers({
      invoice: invoiceAttachmentRenderer(database.prisma, invoiceSettingsOf(config)),
      mailing: mailingAttachmentRenderer(database.prisma),
    }),
    logLinks: !config.production,
    diskFull,
  });

  return {
    handler: app,
    apiRoutes: listRoutes(api),
    diskFull,
    async close() {
      ops.close();
      await outbox.stop();
      await auth.close();
    },
  };
}
