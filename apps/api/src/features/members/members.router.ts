import { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  addressCorrectionBodySchema,
  addressOutSchema,
  adminMemberSchema,
  expandsQuery,
  idParams,
  invitationSentSchema,
  memberSearchHitSchema,
  memberSearchQuerySchema,
  memberSubParams,
  membershipAddBodySchema,
  membershipSchema,
  membershipUpdateBodySchema,
  memberUpdateBodySchema,
  passwordResetSentSchema,
  phoneSchema,
  phonesUpdateBodySchema,
  retentionPreviewSchema,
  roleSchema,
  rolesUpdateBodySchema,
} from '@club/contract';
import { sendItem, sendList, sendPaged } from '../../http/envelope.ts';
import { handle } from '../../http/validate.ts';
import { ctxOf, type Deps } from '../../lib/deps.ts';
import { addMembership, correctAddress, updateMember, updateMembership, updateRoles } from './members.changes.ts';
import { inviteMember, resetMemberPassword, resetMemberTwoFactor, type LoginHelpSettings } from './members.login.ts';
import { getAdminMember, searchMembers, updatePhones, type LoginSource } from './members.service.ts';
import { anonymiseMemberNow, previewRetention } from './retention.service.ts';

/**
 * `:id` routes take digits only: anything else (`/admin/members/candidates/...`) goes on
 * to the routes of other features, whatever the order of the routers.
 */
function numericId(req: Request, _res: Response, next: NextFunction): void {
  next(/^\d+$/.test(String(req.params.id)) ? undefined : 'route');
}

/** The board's member administration; /admin is guarded by requireBoard in app.ts. */
export function membersRouter(deps: Deps): Router {
  const router = Router();
  const { config } = deps;
  const externalLogin = config.oidc !== undefined;
  const loginHelp: LoginHelpSettings = {
    clubName: config.clubName,
    publicUrl: config.publicUrl,
    externalLogin,
    requireTwoFactorForBoard: config.requireTwoFactorForBoard,
  };
  const logins: LoginSource = { external: externalLogin, failuresPerUsername: config.loginFailuresPerMinute };

  memberRecordRoutes(router, deps, logins, loginHelp);
  memberAccessRoutes(router, deps, logins, loginHelp);
  return router;
}

/** The members found, read and changed: their record, phones, memberships and addresses. */
function memberRecordRoutes(router: Router, deps: Deps, logins: LoginSource, loginHelp: LoginHelpSettings): void {
  // Search: one page of hits (sendPaged).
  router.get(
    '/admin/members/',
    handle({ query: memberSearchQuerySchema }, async ({ query }, req, res) => {
      const result = await searchMembers(ctxOf(deps, req), query);
      sendPaged(res, { ...query, items: result.hits.map((hit) => memberSearchHitSchema.parse(hit)), total: result.total });
    }),
  );

  router.get(
    '/admin/members/:id',
    numericId,
    handle({ params: idParams, query: z.object({ expands: expandsQuery }) }, async ({ params, query }, req, res) => {
      const result = await getAdminMember(ctxOf(deps, req), params.id, query.expands, logins);
      sendItem(res, adminMemberSchema.parse(result.data), result.expands);
    }),
  );

  router.put(
    '/admin/members/:id',
    numericId,
    handle({ params: idParams, body: memberUpdateBodySchema }, async ({ params, body }, req, res) => {
      const member = await updateMember(ctxOf(deps, req), { memberId: params.id, ...body, logins, settings: loginHelp });
      sendItem(res, adminMemberSchema.parse(member));
    }),
  );

  router.put(
    '/admin/members/:id/phones',
    numericId,
    handle({ params: idParams, body: phonesUpdateBodySchema }, async ({ params, body }, req, res) => {
      const phones = await updatePhones(ctxOf(deps, req), { memberId: params.id, landLine: body.landLine, mobile: body.mobile });
      sendList(
        res,
        phones.map((p) => phoneSchema.parse(p)),
      );
    }),
  );

  router.post(
    '/admin/members/:id/memberships',
    numericId,
    handle({ params: idParams, body: membershipAddBodySchema }, async ({ params, body }, req, res) => {
      const membership = await addMembership(ctxOf(deps, req), {
        memberId: params.id,
        seasonId: body.seasonId,
        categoryId: body.categoryId,
      });
      sendItem(res, membershipSchema.parse(membership), undefined, 201);
    }),
  );

  router.put(
    '/admin/members/:id/memberships/:itemId',
    numericId,
    handle({ params: memberSubParams, body: membershipUpdateBodySchema }, async ({ params, body }, req, res) => {
      const membership = await updateMembership(ctxOf(deps, req), {
        memberId: params.id,
        membershipId: params.itemId,
        validTo: body.validTo,
        parkingPermit: body.parkingPermit,
        categoryId: body.categoryId,
      });
      sendItem(res, membershipSchema.parse(membership));
    }),
  );

  router.put(
    '/admin/members/:id/addresses/:itemId',
    numericId,
    handle({ params: memberSubParams, body: addressCorrectionBodySchema }, async ({ params, body }, req, res) => {
      const address = await correctAddress(ctxOf(deps, req), { memberId: params.id, addressId: params.itemId, address: body });
      sendItem(res, addressOutSchema.parse(address));
    }),
  );
}

/** A member's roles, retention and erasure, and the help with the login: invitation, password reset, second factor. */
function memberAccessRoutes(router: Router, deps: Deps, logins: LoginSource, loginHelp: LoginHelpSettings): void {
  router.put(
    '/admin/members/:id/roles',
    numericId,
    handle({ params: idParams, body: rolesUpdateBodySchema }, async ({ params, body }, req, res) => {
      const roles = await updateRoles(ctxOf(deps, req), { memberId: params.id, roles: body.roles, settings: loginHelp });
      sendItem(res, { roles: z.array(roleSchema).parse(roles) });
    }),
  );

  // Retention (nDSG): what the next nightly run anonymises, and the right to erasure now.
  router.get(
    '/admin/members/retention',
    handle({}, async (_input, req, res) => {
      const preview = await previewRetention(ctxOf(deps, req), { years: deps.config.retentionYears });
      sendItem(res, retentionPreviewSchema.parse(preview));
    }),
  );

  router.post(
    '/admin/members/:id/anonymisation',
    numericId,
    handle({ params: idParams }, async ({ params }, req, res) => {
      const member = await anonymiseMemberNow(ctxOf(deps, req), {
        memberId: params.id,
        years: deps.config.retentionYears,
        logins,
      });
      sendItem(res, adminMemberSchema.parse(member));
    }),
  );

  // A new invitation for a member without a password (201); 409 when the member has one.
  router.post(
    '/admin/members/:id/invitation',
    numericId,
    handle({ params: idParams }, async ({ params }, req, res) => {
      const sent = await inviteMember(ctxOf(deps, req), { memberId: params.id, settings: loginHelp });
      sendItem(res, invitationSentSchema.parse(sent), undefined, 201);
    }),
  );

  // The forgotten-password mail (202: the member chooses the password through the link).
  router.post(
    '/admin/members/:id/passwordreset',
    numericId,
    handle({ params: idParams }, async ({ params }, req, res) => {
      const sent = await resetMemberPassword(ctxOf(deps, req), { memberId: params.id, settings: loginHelp });
      sendItem(res, passwordResetSentSchema.parse(sent), undefined, 202);
    }),
  );

  // A lost second factor switched off by another board member (204).
  router.delete(
    '/admin/members/:id/twofactor',
    numericId,
    handle({ params: idParams }, async ({ params }, req, res) => {
      await resetMemberTwoFactor(ctxOf(deps, req), { memberId: params.id, settings: loginHelp });
      res.status(204).end();
    }),
  );
}
