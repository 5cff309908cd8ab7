import { Router } from 'express';
import {
  mailingAttachmentSchema,
  mailingBodySchema,
  mailingGroupOptionsSchema,
  mailingPreviewBodySchema,
  mailingPreviewSchema,
  mailingSchema,
  mailingTestSchema,
} from '@club/contract';
import { sendItem, sendList } from '../../http/envelope.ts';
import { receivePdfUpload } from '../../http/pdf-upload.ts';
import { requireBoard } from '../../http/require-role.ts';
import { acceptBodyTypes } from '../../http/security.ts';
import { handle } from '../../http/validate.ts';
import { ctxOf, type Deps } from '../../lib/deps.ts';
import {
  listMailingGroupOptions,
  listMailings,
  previewMailing,
  sendMailing,
  sendTestMailing,
  uploadMailingAttachment,
  type MailingSettings,
} from './mailings.service.ts';

/** Mail to groups: the board writes one mail to a group; the outbox sends one per member. */
export function mailingsRouter(deps: Deps): Router {
  const router = Router();
  const settings: MailingSettings = { clubName: deps.config.clubName };

  router.get(
    '/admin/mailings',
    requireBoard,
    handle({}, async (_input, req, res) => {
      sendList(
        res,
        (await listMailings(ctxOf(deps, req))).map((m) => mailingSchema.parse(m)),
      );
    }),
  );

  router.get(
    '/admin/mailings/groups',
    requireBoard,
    handle({}, async (_input, req, res) => {
      sendItem(res, mailingGroupOptionsSchema.parse(await listMailingGroupOptions(ctxOf(deps, req))));
    }),
  );

  router.post(
    '/admin/mailings/preview',
    requireBoard,
    handle({ body: mailingPreviewBodySchema }, async ({ body }, req, res) => {
      sendItem(res, mailingPreviewSchema.parse(await previewMailing(ctxOf(deps, req), body, settings)));
    }),
  );

  router.post(
    '/admin/mailings/test',
    requireBoard,
    handle({ body: mailingBodySchema }, async ({ body }, req, res) => {
      sendItem(res, mailingTestSchema.parse(await sendTestMailing(ctxOf(deps, req), body, settings)), undefined, 202);
    }),
  );

  router.post(
    '/admin/mailings',
    requireBoard,
    handle({ body: mailingBodySchema }, async ({ body }, req, res) => {
      const mailing = await sendMailing(ctxOf(deps, req), body, settings);
      sendItem(res, mailingSchema.parse(mailing), undefined, 201);
    }),
  );

  router.post(
    '/admin/mailings/attachments',
    // The PDF comes as a multipart form (part `file`); the mailing itself is JSON.
    acceptBodyTypes('multipart/form-data'),
    requireBoard,
    receivePdfUpload({ plural: 'Anhänge', accusative: 'den Anhang' }),
    handle({}, async (_input, req, res) => {
      const attachment = await uploadMailingAttachment(ctxOf(deps, req), {
        content: req.file?.buffer,
        originalName: req.file?.originalname,
      });
      sendItem(res, mailingAttachmentSchema.parse(attachment), undefined, 201);
    }),
  );

  return router;
}
