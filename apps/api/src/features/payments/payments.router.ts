import express, { Router } from 'express';
import { z } from 'zod';
import {
  invoiceOverviewItemSchema,
  CAMT054_MAX_BYTES,
  camtImportResultSchema,
  idParams,
  invoiceOverviewQuerySchema,
  invoiceOverviewTotalsSchema,
  manualPaymentInputSchema,
  pageInfoSchema,
  text,
} from '@club/contract';
import { sendItem } from '../../http/envelope.ts';
import { requireBoard } from '../../http/require-role.ts';
import { acceptBodyTypes } from '../../http/security.ts';
import { handle } from '../../http/validate.ts';
import { AppError } from '../../lib/app-error.ts';
import { ctxOf, type Deps } from '../../lib/deps.ts';
import { toRappen } from '../../lib/money.ts';
import { importCamt054, listInvoices, recordManualPayment } from './payments.service.ts';

/** `?fileName=` names the uploaded file in the records (optional). */
const camtQuery = z.object({ fileName: text('Dateiname', 200).default('') });

/** The treasurer's routes: invoice overview, payments by hand, the bank's camt.054 file. */
export function paymentsRouter(deps: Deps): Router {
  const admin = Router();
  admin.use(requireBoard);

  // `{ data: [{ data: invoice }], page: {...}, totals: {...} }`
  admin.get(
    '/invoices',
    handle({ query: invoiceOverviewQuerySchema }, async ({ query }, req, res) => {
      const result = await listInvoices(ctxOf(deps, req), query);
      res.set('X-Total-Count', String(result.page.total));
      res.json({
        data: result.items.map((invoice) => ({ data: invoiceOverviewItemSchema.parse(invoice) })),
        page: pageInfoSchema.parse(result.page),
        totals: invoiceOverviewTotalsSchema.parse(result.totals),
      });
    }),
  );

  admin.post(
    '/invoices/:id/payments',
    handle({ params: idParams, body: manualPaymentInputSchema }, async ({ params, body }, req, res) => {
      const invoice = await recordManualPayment(ctxOf(deps, req), params.id, { amountRappen: toRappen(body.amount), paidAt: body.paidAt });
      sendItem(res, invoiceOverviewItemSchema.parse(invoice), undefined, 201);
    }),
  );

  // The file itself is the body (DESIGN.md §8); the CSRF guard lets application/xml through here only.
  acceptBodyTypes('POST', '/admin/payments/camt054', ['application/xml']);
  admin.post(
    '/payments/camt054',
    express.text({ type: 'application/xml', limit: CAMT054_MAX_BYTES }),
    handle({ query: camtQuery }, async ({ query }, req, res) => {
      if (typeof req.body !== 'string') {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Bitte senden Sie die camt.054-Datei selbst, mit Content-Type application/xml.');
      }
      const result = await importCamt054(ctxOf(deps, req), { xml: req.body, fileName: query.fileName });
      sendItem(res, camtImportResultSchema.parse(result));
    }),
  );

  const router = Router();
  router.use('/admin', admin);
  return router;
}
