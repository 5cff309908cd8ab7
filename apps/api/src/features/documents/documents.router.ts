import { Router } from 'express';
import { clubDocumentFieldsSchema, clubDocumentSchema, idParams } from '@club/contract';
import { sendItem, sendList } from '../../http/envelope.ts';
import { receivePdfUpload } from '../../http/pdf-upload.ts';
import { requireBoard, requireMember } from '../../http/require-role.ts';
import { acceptBodyTypes } from '../../http/security.ts';
import { handle } from '../../http/validate.ts';
import { ctxOf, type Deps } from '../../lib/deps.ts';
import { deleteDocument, getDocumentFile, listDocuments, uploadDocument } from './documents.service.ts';

/** The document area ("Protokolle GV"): members list and download, the board uploads and deletes. */
export function documentsRouter(deps: Deps): Router {
  const router = Router();

  router.get(
    '/documents/',
    requireMember,
    handle({}, async (_input, req, res) => {
      sendList(
        res,
        (await listDocuments(ctxOf(deps, req))).map((d) => clubDocumentSchema.parse(d)),
      );
    }),
  );

  router.get(
    '/documents/:id.pdf',
    requireMember,
    handle({ params: idParams }, async ({ params }, req, res) => {
      const file = await getDocumentFile(ctxOf(deps, req), params.id);
      res.type('application/pdf');
      // filename= (ASCII fallback) and filename*=UTF-8'' (umlauts), RFC 6266.
      res.attachment(file.fileName);
      res.send(file.content);
    }),
  );

  router.post(
    '/admin/documents',
    acceptBodyTypes('multipart/form-data'),
    requireBoard,
    receivePdfUpload({ plural: 'Dokumente', accusative: 'das Dokument' }),
    handle({ body: clubDocumentFieldsSchema }, async ({ body }, req, res) => {
      const created = await uploadDocument(ctxOf(deps, req), { fields: body, content: req.file?.buffer });
      sendItem(res, clubDocumentSchema.parse(created), undefined, 201);
    }),
  );

  router.delete(
    '/admin/documents/:id',
    requireBoard,
    handle({ params: idParams }, async ({ params }, req, res) => {
      await deleteDocument(ctxOf(deps, req), params.id);
      res.status(204).end();
    }),
  );

  return router;
}
