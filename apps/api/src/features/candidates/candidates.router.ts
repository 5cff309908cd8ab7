import { Router } from 'express';
import { invoiceSettingsOf } from '../invoices/invoices.service.ts';
import {
  candidateAdminInputSchema,
  candidateApplicationSchema,
  candidateAcceptSchema,
  candidateDecisionSchema,
  candidateListQuery,
  candidateReceiptSchema,
  candidateSchema,
  membershipOfferSchema,
  idParams,
  type ErrorBody,
} from '@club/contract';
import { sendItem, sendList } from '../../http/envelope.ts';
import { clientLimit } from '../../http/rate-limit.ts';
import { handle } from '../../http/validate.ts';
import { invalid } from '../../lib/app-error.ts';
import { ctxOf, type Deps } from '../../lib/deps.ts';
import {
  acceptCandidate,
  createPaperCandidate,
  getCandidate,
  getMembershipOffer,
  listCandidates,
  rejectCandidate,
  submitApplication,
  updateCandidate,
  type CandidateSettings,
} from './candidates.service.ts';

/** Applications per client IP and hour on the public form (refused ones do not count). */
export const APPLICATIONS_PER_HOUR = 5;

const RATE_LIMITED: ErrorBody = {
  error: {
    code: 'RATE_LIMITED',
    message: 'Von Ihrem Anschluss sind in der letzten Stunde schon mehrere Anträge eingegangen. Bitte versuchen Sie es später noch einmal.',
  },
};

/**
 * Spam protection of the public form. The counter lives in this process's memory: with
 * several instances each counts on its own, which is good enough against spam (nothing
 * depends on it for correctness).
 */
function applicationLimit() {
  return clientLimit({ windowMs: 3_600_000, limit: APPLICATIONS_PER_HOUR, message: RATE_LIMITED.error.message, skipFailedRequests: true });
}

function honeypotFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

const decisionInput = { params: idParams, body: candidateDecisionSchema };

function checkDecisionId(pathId: number, bodyId: number): void {
  if (pathId !== bodyId) invalidId();
}
function invalidId(): never {
  throw invalid('Bitte prüfen Sie die markierten Angaben.', { id: 'Die Nummer passt nicht zum Antrag in der Adresse.' });
}

export function candidatesRouter(deps: Deps): Router {
  const router = Router();
  const settings: CandidateSettings = {
    clubName: deps.config.clubName,
    publicUrl: deps.config.publicUrl,
    externalLogin: Boolean(deps.config.oidc),
    invoices: invoiceSettingsOf(deps.config),
  };

  applicationRoutes(router, deps, settings);
  boardRoutes(router, deps, settings);

  return router;
}

/** The application form: sent, and the categories it offers. */
function applicationRoutes(router: Router, deps: Deps, settings: CandidateSettings): void {
  router.post(
    '/candidates',
    applicationLimit(),
    handle({ body: candidateApplicationSchema }, async ({ body }, req, res) => {
      const { website, categoryId, statutesRead: _read, ...data } = body;
      const receipt = await submitApplication(ctxOf(deps, req), { data, categoryId, honeypotFilled: honeypotFilled(website), settings });
      sendItem(res, candidateReceiptSchema.parse(receipt), undefined, 201);
    }),
  );

  router.get(
    '/candidates/categories',
    handle({}, async (_input, req, res) => {
      sendItem(res, membershipOfferSchema.parse(await getMembershipOffer(ctxOf(deps, req))));
    }),
  );
}

/** The board's applications: listed, entered from paper, changed, accepted, rejected. */
function boardRoutes(router: Router, deps: Deps, settings: CandidateSettings): void {
  router.get(
    '/admin/members/candidates/',
    handle({ query: candidateListQuery }, async ({ query }, req, res) => {
      const items = await listCandidates(ctxOf(deps, req), { status: query.status });
      sendList(
        res,
        items.map((c) => candidateSchema.parse(c)),
      );
    }),
  );

  router.post(
    '/admin/members/candidates/',
    handle({ body: candidateAdminInputSchema }, async ({ body }, req, res) => {
      const { applicationDate, ...data } = body;
      const candidate = await createPaperCandidate(ctxOf(deps, req), { data, applicationDate });
      sendItem(res, candidateSchema.parse(candidate), undefined, 201);
    }),
  );

  router.get(
    '/admin/members/candidates/:id',
    handle({ params: idParams }, async ({ params }, req, res) => {
      sendItem(res, candidateSchema.parse(await getCandidate(ctxOf(deps, req), params.id)));
    }),
  );

  router.put(
    '/admin/members/candidates/:id',
    handle({ params: idParams, body: candidateAdminInputSchema }, async ({ params, body }, req, res) => {
      const { applicationDate, ...data } = body;
      const candidate = await updateCandidate(ctxOf(deps, req), { id: params.id, data, applicationDate });
      sendItem(res, candidateSchema.parse(candidate));
    }),
  );

  router.post(
    '/admin/members/candidates/:id/accept',
    handle({ params: idParams, body: candidateAcceptSchema }, async ({ params, body }, req, res) => {
      checkDecisionId(params.id, body.id);
      const accepted = await acceptCandidate(ctxOf(deps, req), {
        id: params.id,
        confirmDuplicates: body.confirmDuplicates,
        categoryId: body.categoryId,
        laterSeasonIds: body.laterSeasonIds,
        settings,
      });
      sendItem(res, candidateSchema.parse(accepted));
    }),
  );

  router.post(
    '/admin/members/candidates/:id/reject',
    handle(decisionInput, async ({ params, body }, req, res) => {
      checkDecisionId(params.id, body.id);
      sendItem(res, candidateSchema.parse(await rejectCandidate(ctxOf(deps, req), { id: params.id, settings })));
    }),
  );
}
