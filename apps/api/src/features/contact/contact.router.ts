import { Router } from 'express';
import {
  contactMessageInputSchema,
  contactReceiptSchema,
  contactRecipientAdminSchema,
  contactRecipientSchema,
  contactRecipientsInputSchema,
} from '@club/contract';
import { sendItem, sendList } from '../../http/envelope.ts';
import { clientLimit } from '../../http/rate-limit.ts';
import { requireBoard } from '../../http/require-role.ts';
import { handle } from '../../http/validate.ts';
import { ctxOf, type Deps } from '../../lib/deps.ts';
import { listRecipients, listRecipientsForBoard, sendContactMessage, setRecipients } from './contact.service.ts';

/** Contact messages per client IP and hour (refused forms do not count). */
export const CONTACT_MESSAGES_PER_HOUR = 5;

/** Spam protection of the contact form; the counter lives in this process (as for applications). */
function messageLimit() {
  return clientLimit({
    windowMs: 3_600_000,
    limit: CONTACT_MESSAGES_PER_HOUR,
    message:
      'Von Ihrem Anschluss sind in der letzten Stunde schon mehrere Nachrichten eingegangen. Bitte versuchen Sie es später noch einmal.',
    skipFailedRequests: true,
  });
}

function honeypotFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

/** The contact form (visitors and members) and the board's recipient addresses. */
export function contactRouter(deps: Deps): Router {
  const router = Router();

  router.get(
    '/contact/recipients',
    handle({}, async (_input, req, res) => {
      sendList(
        res,
        (await listRecipients(ctxOf(deps, req))).map((r) => contactRecipientSchema.parse(r)),
      );
    }),
  );

  router.post(
    '/contact/',
    messageLimit(),
    handle({ body: contactMessageInputSchema }, async ({ body }, req, res) => {
      const { website, ...data } = body;
      const receipt = await sendContactMessage(ctxOf(deps, req), {
        data,
        honeypotFilled: honeypotFilled(website),
        clubName: deps.config.clubName,
      });
      sendItem(res, contactReceiptSchema.parse(receipt), undefined, 202);
    }),
  );

  router.get(
    '/admin/contact/recipients',
    requireBoard,
    handle({}, async (_input, req, res) => {
      sendList(
        res,
        (await listRecipientsForBoard(ctxOf(deps, req))).map((r) => contactRecipientAdminSchema.parse(r)),
      );
    }),
  );

  router.put(
    '/admin/contact/recipients',
    requireBoard,
    handle({ body: contactRecipientsInputSchema }, async ({ body }, req, res) => {
      sendList(
        res,
        (await setRecipients(ctxOf(deps, req), body)).map((r) => contactRecipientAdminSchema.parse(r)),
      );
    }),
  );

  return router;
}
