import { Router, type Response } from 'express';
import {
  idParams,
  invoiceDetailSchema,
  memberIdListSchema,
  memberInvoiceParams,
  membershipFeePreviewSchema,
  reminderPreviewSchema,
  reminderRunResultSchema,
  runResultSchema,
  ticketBillingStateSchema,
} from '@club/contract';
import { sendItem } from '../../http/envelope.ts';
import { actorOf, requireBoard, requireMember } from '../../http/require-role.ts';
import { handle } from '../../http/validate.ts';
import { ctxOf, type Deps } from '../../lib/deps.ts';
import {
  cancelInvoice,
  getInvoicePdf,
  invoiceSettingsOf,
  previewReminders,
  runFeeInvoices,
  runReminders,
  type InvoiceSettings,
} from './invoices.service.ts';
import { previewMembershipFees } from './fee-preview.service.ts';
import { getInvoiceHistory } from './invoice-history.service.ts';
import { getTicketBillingState, runTicketBilling } from './ticket-billing.service.ts';

function sendPdf(res: Response, file: { filename: string; content: Buffer }): void {
  res.status(200).attachment(file.filename).set('Content-Length', String(file.content.length)).end(file.content);
}

/** Invoices: one invoice with its history for the board, PDFs for members and the board, cancelling, fee runs (and what the membership fee run would bill), the ticket billing run and reminder runs. */
export function invoicesRouter(deps: Deps): Router {
  const router = Router();
  const settings = invoiceSettingsOf(deps.config);

  router.get(
    '/member/invoices/:id.pdf',
    requireMember,
    handle({ params: idParams }, async ({ params }, req, res) => {
      const ctx = ctxOf(deps, req);
      const memberId = actorOf(req).memberId;
      sendPdf(res, await getInvoicePdf(ctx, { invoiceId: params.id, memberId, includeCancelled: false, settings }));
    }),
  );

  const admin = Router();
  admin.use(requireBoard);
  boardInvoiceRoutes(admin, deps, settings);
  seasonRunRoutes(admin, deps, settings);

  router.use('/admin', admin);

  return router;
}

/** One invoice for the board: its PDF, its cancelling, its history; the reminder run and what it would send. */
function boardInvoiceRoutes(admin: Router, deps: Deps, settings: InvoiceSettings): void {
  admin.get(
    '/members/:memberId/invoices/:invoiceId.pdf',
    handle({ params: memberInvoiceParams }, async ({ params }, req, res) => {
      sendPdf(
        res,
        await getInvoicePdf(ctxOf(deps, req), { invoiceId: params.invoiceId, memberId: params.memberId, includeCancelled: true, settings }),
      );
    }),
  );
  admin.delete(
    '/members/:memberId/invoices/:invoiceId',
    handle({ params: memberInvoiceParams }, async ({ params }, req, res) => {
      await cancelInvoice(ctxOf(deps, req), { memberId: params.memberId, invoiceId: params.invoiceId });
      res.status(204).end();
    }),
  );
  admin.get(
    '/invoices/reminders',
    handle({}, async (_input, req, res) => {
      sendItem(res, reminderPreviewSchema.parse(await previewReminders(ctxOf(deps, req))));
    }),
  );
  // After /invoices/reminders: one invoice with its history (the overview's list is the payments feature's).
  admin.get(
    '/invoices/:id',
    handle({ params: idParams }, async ({ params }, req, res) => {
      sendItem(res, invoiceDetailSchema.parse(await getInvoiceHistory(ctxOf(deps, req), params.id)));
    }),
  );
  admin.post(
    '/invoices/reminders',
    handle({}, async (_input, req, res) => {
      sendItem(res, reminderRunResultSchema.parse(await runReminders(ctxOf(deps, req), { settings })));
    }),
  );
}

/** A season's runs: the fee runs (and what the membership fee run would bill) and the ticket billing. */
function seasonRunRoutes(admin: Router, deps: Deps, settings: InvoiceSettings): void {
  for (const [path, kind] of [
    ['membershipfees', 'MEMBERSHIP_FEE'],
    ['parkingfees', 'PARKING_FEE'],
  ] as const) {
    admin.post(
      `/seasons/:id/${path}/`,
      handle({ params: idParams, body: memberIdListSchema }, async ({ params, body }, req, res) => {
        const result = await runFeeInvoices(ctxOf(deps, req), { seasonId: params.id, kind, memberIds: body, settings });
        sendItem(res, runResultSchema.parse(result));
      }),
    );
  }
  admin.get(
    '/seasons/:id/membershipfees/',
    handle({ params: idParams }, async ({ params }, req, res) => {
      sendItem(res, membershipFeePreviewSchema.parse(await previewMembershipFees(ctxOf(deps, req), params.id)));
    }),
  );
  admin.get(
    '/seasons/:id/ticketfees/',
    handle({ params: idParams }, async ({ params }, req, res) => {
      sendItem(res, ticketBillingStateSchema.parse(await getTicketBillingState(ctxOf(deps, req), params.id)));
    }),
  );
  admin.post(
    '/seasons/:id/ticketfees/',
    handle({ params: idParams, body: memberIdListSchema }, async ({ params, body }, req, res) => {
      sendItem(res, runResultSchema.parse(await runTicketBilling(ctxOf(deps, req), { seasonId: params.id, memberIds: body, settings })));
    }),
  );
}
