import express, { Router } from 'express';
import { z } from 'zod';
import {
  bookCreditInputSchema,
  bookCreditResultSchema,
  creditDecisionInputSchema,
  creditDecisionSchema,
  unmatchedQuerySchema,
  invoiceOverviewItemSchema,
  CAMT054_MAX_BYTES,
  camtImportResultSchema,
  unmatchedCreditSchema,
  idParams,
  invoiceOverviewQuerySchema,
  invoiceOverviewTotalsSchema,
  manualPaymentInputSchema,
  text,
} from '@club/contract';
import { sendItem, sendPaged } from '../../http/envelope.ts';
import { requireBoard } from '../../http/require-role.ts';
import { acceptBodyTypes } from '../../http/security.ts';
import { handle } from '../../http/validate.ts';
import { AppError } from '../../lib/app-error.ts';
import { ctxOf, type Deps } from '../../lib/deps.ts';
import { toRappen } from '@club/contract';
import {
  bookCredit,
  decideCredit,
  importBankFile,
  listInvoices,
  listUnmatchedCredits,
  recordManualPayment,
  undoDecision,
} from './payments.service.ts';

/** `?fileName=` names the uploaded file in the records (optional). */
const camtQuery = z.object({ fileName: text('Dateiname', 200).default('') });

/** The treasurer's routes: invoice overview, payments by hand, the bank's files, credits without usable reference. */
export function paymentsRouter(deps: Deps): Router {
  const admin = Router();
  admin.use(requireBoard);

  invoiceRoutes(admin, deps);
  creditRoutes(admin, deps);

  const router = Router();
  router.use('/admin', admin);
  return router;
}

/** The invoice overview, payments by hand and the bank's files. */
function invoiceRoutes(admin: Router, deps: Deps): void {
  // One page of invoices (sendPaged) with the totals of the whole filter beside it.
  admin.get(
    '/invoices',
    handle({ query: invoiceOverviewQuerySchema }, async ({ query }, req, res) => {
      const result = await listInvoices(ctxOf(deps, req), query);
      sendPaged(
        res,
        {
          page: query.page,
          pageSize: query.pageSize,
          items: result.items.map((invoice) => invoiceOverviewItemSchema.parse(invoice)),
          total: result.total,
        },
        { totals: invoiceOverviewTotalsSchema.parse(result.totals) },
      );
    }),
  );

  admin.post(
    '/invoices/:id/payments',
    handle({ params: idParams, body: manualPaymentInputSchema }, async ({ params, body }, req, res) => {
      const invoice = await recordManualPayment(ctxOf(deps, req), params.id, {
        amountRappen: toRappen(body.amount),
        paidAt: body.paidAt,
        method: body.method,
        note: body.note,
      });
      sendItem(res, invoiceOverviewItemSchema.parse(invoice), undefined, 201);
    }),
  );

  admin.post(
    '/payments/camt054',
    // The file itself is the body (docs/domain-rules.md «Wire names»): application/xml here only.
    acceptBodyTypes('application/xml'),
    express.text({ type: 'application/xml', limit: CAMT054_MAX_BYTES }),
    handle({ query: camtQuery }, async ({ query }, req, res) => {
      if (typeof req.body !== 'string') {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Bitte senden Sie die Bankdatei (camt.053 oder camt.054) selbst, mit Content-Type application/xml.',
        );
      }
      const result = await importBankFile(ctxOf(deps, req), {
        xml: req.body,
        fileName: query.fileName,
        clubAccounts: deps.config.clubAccounts,
      });
      sendItem(res, camtImportResultSchema.parse(result));
    }),
  );
}

/** The credits without usable reference: listed, booked, decided, undone. */
function creditRoutes(admin: Router, deps: Deps): void {
  // `{ data: [{ data: credit }], page: {...}, total, waitingLongCount }`: the credits listed for the board, newest first
  admin.get(
    '/payments/unmatched',
    handle({ query: unmatchedQuerySchema }, async ({ query }, req, res) => {
      const { items, total, waitingLongCount } = await listUnmatchedCredits(ctxOf(deps, req), query);
      sendPaged(
        res,
        { page: query.page, pageSize: query.pageSize, items: items.map((credit) => unmatchedCreditSchema.parse(credit)), total },
        { total, waitingLongCount },
      );
    }),
  );

  admin.post(
    '/payments/:id/booking',
    handle({ params: idParams, body: bookCreditInputSchema }, async ({ params, body }, req, res) => {
      const parts = body.allocations
        ? body.allocations.map((a) => ({ invoiceId: a.invoiceId, amountRappen: toRappen(a.amount) }))
        : [{ invoiceId: body.invoiceId!, amountRappen: null }];
      const result = await bookCredit(ctxOf(deps, req), { paymentId: params.id, parts });
      sendItem(res, bookCreditResultSchema.parse(result), undefined, 201);
    }),
  );

  admin.post(
    '/payments/:id/decision',
    handle({ params: idParams, body: creditDecisionInputSchema }, async ({ params, body }, req, res) => {
      const decision = await decideCredit(ctxOf(deps, req), { paymentId: params.id, kind: body.kind, note: body.note });
      sendItem(res, creditDecisionSchema.parse(decision), undefined, 201);
    }),
  );

  // Undoes a decision or a booking while nothing depends on it; the credit is listed again.
  for (const path of ['/payments/:id/decision', '/payments/:id/booking']) {
    admin.delete(
      path,
      handle({ params: idParams }, async ({ params }, req, res) => {
        await undoDecision(ctxOf(deps, req), params.id);
        res.status(204).end();
      }),
    );
  }
}
