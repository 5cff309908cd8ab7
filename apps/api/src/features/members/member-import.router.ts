import { Router } from 'express';
import {
  idParams,
  IMPORT_MAX_BYTES,
  importCommitResultSchema,
  memberImportCommitBodySchema,
  memberImportSchema,
  memberImportSummarySchema,
  memberImportUpdateBodySchema,
} from '@club/contract';
import { sendItem, sendList } from '../../http/envelope.ts';
import { receivePdfUpload } from '../../http/pdf-upload.ts';
import { acceptBodyTypes } from '../../http/security.ts';
import { handle } from '../../http/validate.ts';
import { AppError } from '../../lib/app-error.ts';
import { toIsoDate, zurichToday } from '../../lib/dates.ts';
import { ctxOf, type Deps } from '../../lib/deps.ts';
import { writeMembersCsv, writeMembersXlsx } from './member-export.ts';
import { commitImport, type CommitSettings } from './member-import.commit.ts';
import { exportBatches, getImport, listImports, updateImport, uploadImport } from './member-import.service.ts';

/** A club moving in (member list upload, preview, commit) and the member export; /admin is guarded in app.ts. */
export function memberImportRouter(deps: Deps): Router {
  const router = Router();
  const { config } = deps;
  const commitSettings: CommitSettings = {
    clubName: config.clubName,
    publicUrl: config.publicUrl,
    externalLogin: config.oidc !== undefined,
    invitationsPerMinute: config.importInvitationsPerMinute,
  };

  importRoutes(router, deps, commitSettings);
  exportRoutes(router, deps);

  return router;
}

/** The member list's import: uploaded, previewed, corrected, committed. */
function importRoutes(router: Router, deps: Deps, commitSettings: CommitSettings): void {
  router.get(
    '/admin/members/imports',
    handle({}, async (_input, req, res) => {
      const imports = await listImports(ctxOf(deps, req));
      sendList(
        res,
        imports.map((i) => memberImportSummarySchema.parse(i)),
      );
    }),
  );

  router.post(
    '/admin/members/imports',
    // The one call of the import that takes a multipart form (refused with 415 elsewhere).
    acceptBodyTypes('multipart/form-data'),
    receivePdfUpload({
      plural: 'Mitgliederlisten',
      accusative: 'die Mitgliederliste',
      file: 'CSV- oder Excel-Datei',
      maxBytes: IMPORT_MAX_BYTES,
    }),
    handle({}, async (_input, req, res) => {
      if (!req.file) {
        throw new AppError('VALIDATION_FAILED', 'Bitte wählen Sie eine CSV- oder Excel-Datei.', {
          file: 'Datei: Bitte eine Datei wählen.',
        });
      }
      const created = await uploadImport(ctxOf(deps, req), { fileName: req.file.originalname, content: req.file.buffer });
      sendItem(res, memberImportSchema.parse(created), undefined, 201);
    }),
  );

  router.get(
    '/admin/members/imports/:id',
    handle({ params: idParams }, async ({ params }, req, res) => {
      sendItem(res, memberImportSchema.parse(await getImport(ctxOf(deps, req), params.id)));
    }),
  );

  router.put(
    '/admin/members/imports/:id',
    handle({ params: idParams, body: memberImportUpdateBodySchema }, async ({ params, body }, req, res) => {
      const updated = await updateImport(ctxOf(deps, req), { id: params.id, ...body });
      sendItem(res, memberImportSchema.parse(updated));
    }),
  );

  router.post(
    '/admin/members/imports/:id/commit',
    handle({ params: idParams, body: memberImportCommitBodySchema }, async ({ params, body }, req, res) => {
      const result = await commitImport(ctxOf(deps, req), { id: params.id, skipErrors: body.skipErrors, settings: commitSettings });
      sendItem(res, importCommitResultSchema.parse(result));
    }),
  );
}

/** The member list exported as CSV or Excel. */
function exportRoutes(router: Router, deps: Deps): void {
  router.get(
    '/admin/members/export.csv',
    handle({}, async (_input, req, res) => {
      const ctx = ctxOf(deps, req);
      res.type('text/csv; charset=utf-8').attachment(`Mitglieder-${toIsoDate(zurichToday(ctx.now))}.csv`);
      await writeMembersCsv(res, exportBatches(ctx));
    }),
  );

  router.get(
    '/admin/members/export.xlsx',
    handle({}, async (_input, req, res) => {
      const ctx = ctxOf(deps, req);
      res.attachment(`Mitglieder-${toIsoDate(zurichToday(ctx.now))}.xlsx`);
      await writeMembersXlsx(res, () => exportBatches(ctx), ctx.now);
    }),
  );
}
