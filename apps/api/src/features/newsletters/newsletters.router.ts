import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { idParams, newsletterSchema, newsletterUploadedSchema, newsletterUploadFieldsSchema, NEWSLETTER_MAX_BYTES } from '@club/contract';
import { sendItem, sendList } from '../../http/envelope.ts';
import { requireBoard, requireMember } from '../../http/require-role.ts';
import { acceptBodyTypes } from '../../http/security.ts';
import { handle } from '../../http/validate.ts';
import { AppError } from '../../lib/app-error.ts';
import { ctxOf, type Deps } from '../../lib/deps.ts';
import { deleteNewsletter, getNewsletterFile, listNewsletters, uploadNewsletter, type NewsletterSettings } from './newsletters.service.ts';

const MAX_MB = NEWSLETTER_MAX_BYTES / (1024 * 1024);
/** Room for the form's text fields and part headers next to the largest allowed file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', `Die Datei ist zu gross: Newsletter dürfen höchstens ${MAX_MB} MB haben.`, {
    file: `Datei: Höchstens ${MAX_MB} MB.`,
  });

/** Multer's and busboy's refusals as German answers: too large 413, a field too long 422, a broken form 400. */
function uploadError(err: unknown): AppError {
  if (err instanceof multer.MulterError) {
    switch (err.code) {
      case 'LIMIT_FILE_SIZE':
        return tooLarge();
      case 'LIMIT_FIELD_VALUE':
        return new AppError('VALIDATION_FAILED', 'Bitte prüfen Sie die markierten Angaben.', {
          [err.field ?? '_']: 'Dieser Wert ist zu lang.',
        });
      case 'LIMIT_FILE_COUNT':
      case 'LIMIT_UNEXPECTED_FILE':
        return new AppError('BAD_REQUEST', 'Bitte senden Sie genau eine PDF-Datei im Feld «file».', {
          file: 'Datei: Genau eine PDF-Datei senden.',
        });
      default:
        return new AppError('BAD_REQUEST', 'Das Formular enthält zu viele Angaben.');
    }
  }
  return new AppError('BAD_REQUEST', 'Das Formular ist unvollständig oder falsch aufgebaut.');
}

/**
 * Reads the multipart form into memory (one file of at most 20 MB, a few short text fields).
 * A request whose announced length is already too large is refused before it is read.
 */
function receiveUpload(): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: NEWSLETTER_MAX_BYTES, files: 1, fields: 10, fieldSize: 4096, parts: 12, headerPairs: 100 },
  }).single('file');
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.is('multipart/form-data')) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Bitte senden Sie den Newsletter als Formular mit Datei (multipart/form-data).');
    }
    if (Number(req.get('content-length') ?? 0) > NEWSLETTER_MAX_BYTES + FORM_OVERHEAD_BYTES) throw tooLarge();
    upload(req, res, (err?: unknown) => next(err ? uploadError(err) : undefined));
  };
}

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
    receiveUpload(),
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
