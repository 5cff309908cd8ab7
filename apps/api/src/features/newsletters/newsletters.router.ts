import { Router } from 'express';
import { idParams, newsletterSchema, newsletterUploadedSchema, newsletterUploadFieldsSchema } from '@club/contract';
import { sendItem, sendList } from '../../http/envelope.ts';
import { requireBoard, requireMember } from '../../http/require-role.ts';
import { receivePdfUpload } from '../../http/pdf-upload.ts';
import { acceptBodyTypes } from '../../http/security.ts';
import { handle } from '../../http/validate.ts';
import { ctxOf, type Deps } from '../../lib/deps.ts';
import { deleteNewsletter, getNewsletterFile, listNewsletters, uploadNewsletter, type NewsletterSettings } from './newsletters.service.ts';

/** Newsletters: members read and download them, the board uploads and deletes them. */
export function newslettersRouter(deps: Deps): Router {
  const router = Router();
  const settings: NewsletterSettings = { clubName: deps.config.clubName, newsletterUrl: `${deps.config.publicUrl}/newsletter` };

  router.get(
    '/newsletters/',
    requireMember,
    handle({}, async (_input, req, res) => {
      sendList(
        res,
        (await listNewsletters(ctxOf(deps, req))).map((n) => newsletterSchema.parse(n)),
      );
    }),
  );

  router.get(
    '/newsletters/:id.pdf',
    requireMember,
    handle({ params: idParams }, async ({ params }, req, res) => {
      const file = await getNewsletterFile(ctxOf(deps, req), params.id);
      res.type('application/pdf');
      // filename= (ASCII fallback) and filename*=UTF-8'' (umlauts), RFC 6266.
      res.attachment(file.fileName);
      res.send(file.content);
    }),
  );

  router.post(
    '/admin/newsletters',
    // The upload is the one call that takes a multipart form (refused with 415 elsewhere).
    acceptBodyTypes('multipart/form-data'),
    requireBoard,
    receivePdfUpload({ plural: 'Newsletter', accusative: 'den Newsletter' }),
    handle({ body: newsletterUploadFieldsSchema }, async ({ body }, req, res) => {
      const created = await uploadNewsletter(ctxOf(deps, req), { fields: body, content: req.file?.buffer, settings });
      sendItem(res, newsletterUploadedSchema.parse(created), undefined, 201);
    }),
  );

  router.delete(
    '/admin/newsletters/:id',
    requireBoard,
    handle({ params: idParams }, async ({ params }, req, res) => {
      await deleteNewsletter(ctxOf(deps, req), params.id);
      res.status(204).end();
    }),
  );

  return router;
}
