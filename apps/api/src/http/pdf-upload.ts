import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { PDF_MAX_BYTES } from '@club/contract';
import { AppError } from '../lib/app-error.ts';

/** Room for the form's text fields and part headers next to the largest allowed file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * How the refusals name what is uploaded: `{ plural: 'Newsletter', accusative: 'den Newsletter' }`;
 * `file` names the kind of file (default «PDF-Datei») and `maxBytes` its limit (default 20 MB).
 */
export interface UploadNouns {
  plural: string;
  accusative: string;
  file?: string;
  maxBytes?: number;
}

const maxBytesOf = (nouns: UploadNouns) => nouns.maxBytes ?? PDF_MAX_BYTES;

const tooLarge = (nouns: UploadNouns) => {
  const mb = maxBytesOf(nouns) / (1024 * 1024);
  return new AppError('PAYLOAD_TOO_LARGE', `Die Datei ist zu gross: ${nouns.plural} dürfen höchstens ${mb} MB haben.`, {
    file: `Datei: Höchstens ${mb} MB.`,
  });
};

/** Multer's and busboy's refusals as German answers: too large 413, a field too long 422, a broken form 400. */
function uploadError(err: unknown, nouns: UploadNouns): AppError {
  if (err instanceof multer.MulterError) {
    switch (err.code) {
      case 'LIMIT_FILE_SIZE':
        return tooLarge(nouns);
      case 'LIMIT_FIELD_VALUE':
        return new AppError('VALIDATION_FAILED', 'Bitte prüfen Sie die markierten Angaben.', {
          [err.field ?? '_']: 'Dieser Wert ist zu lang.',
        });
      case 'LIMIT_FILE_COUNT':
      case 'LIMIT_UNEXPECTED_FILE':
        return new AppError('BAD_REQUEST', `Bitte senden Sie genau eine ${nouns.file ?? 'PDF-Datei'} im Feld «file».`, {
          file: `Datei: Genau eine ${nouns.file ?? 'PDF-Datei'} senden.`,
        });
      default:
        return new AppError('BAD_REQUEST', 'Das Formular enthält zu viele Angaben.');
    }
  }
  return new AppError('BAD_REQUEST', 'Das Formular ist unvollständig oder falsch aufgebaut.');
}

/**
 * Reads a multipart form with one PDF (part `file`, at most 20 MB, or `nouns.maxBytes`) and a few short text fields
 * into memory; the file is `req.file`. A request whose announced length is already too large is
 * refused before it is read. Whether the bytes are a PDF is `checkPdfUpload` (`lib/pdf.ts`).
 */
export function receivePdfUpload(nouns: UploadNouns): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    // Browsers send a file name with umlauts as raw UTF-8 in the part's header (no charset named);
    // multer's default, latin1, would store «Zürich» as «ZÃ¼rich».
    defParamCharset: 'utf8',
    limits: { fileSize: maxBytesOf(nouns), files: 1, fields: 10, fieldSize: 4096, parts: 12, headerPairs: 100 },
  }).single('file');
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.is('multipart/form-data')) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Bitte senden Sie ${nouns.accusative} als Formular mit Datei (multipart/form-data).`);
    }
    if (Number(req.get('content-length') ?? 0) > maxBytesOf(nouns) + FORM_OVERHEAD_BYTES) throw tooLarge(nouns);
    upload(req, res, (err?: unknown) => next(err ? uploadError(err, nouns) : undefined));
  };
}
