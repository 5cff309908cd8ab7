import { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  addressCorrectionBodySchema,
  addressOutSchema,
  adminMemberSchema,
  expandsQuery,
  idParams,
  memberSearchHitSchema,
  memberSearchQuerySchema,
  memberSubParams,
  membershipAddBodySchema,
  membershipSchema,
  membershipUpdateBodySchema,
  memberUpdateBodySchema,
  pageInfoSchema,
  phoneSchema,
  phonesUpdateBodySchema,
  roleSchema,
  rolesUpdateBodySchema,
} from '@club/contract';
import { sendItem, sendList } from '../../http/envelope.ts';
import { handle } from '../../http/validate.ts';
import { ctxOf, type Deps } from '../../lib/deps.ts';
import { addMembership, correctAddress, updateMember, updateMembership, updatePhones, updateRoles } from './member-admin.changes.ts';
import { getAdminMember, searchMembers } from './member-admin.service.ts';

/**
 * `:id` routes take digits only: anything else (`/admin/members/candidates/...`) goes on
 * to the routes of other features, whatever the order of the routers.
 */
function numericId(req: Request, _res: Response, next: NextFunction): void {
  next(/^\d+$/.test(String(req.params.id)) ? undefined : 'route');
}

/** The board's member administration; /admin is guarded by requireBoard in app.ts. */
export function memberAdminRouter(deps: Deps): Router {
  const router = Router();

  // Search: `{ data: [{ data: hit }], page: { page, pageSize, total, totalPages } }` plus `X-Total-Count`.
  router.get(
    '/admin/members/',
    handle({ query: memberSearchQuerySchema }, async ({ query }, req, res) => {
      const result = await searchMembers(ctxOf(deps, req), query);
      res.set('X-Total-Count', String(result.page.total));
      res.json({ data: result.hits.map((hit) => ({ data: memberSearchHitSchema.parse(hit) })), page: pageInfoSchema.parse(result.page) });
    }),
  );

  router.get(
    '/admin/members/:id',
    numericId,
    handle({ params: idParams, query: z.object({ expands: expandsQuery }) }, async ({ params, query }, req, res) => {
      const result = await getAdminMember(ctxOf(deps, req), params.id, query.expands);
      sendItem(res, adminMemberSchema.parse(result.data), result.expands);
    }),
  );

  router.put(
    '/admin/members/:id',
    numericId,
    handle({ params: idParams, body: memberUpdateBodySchema }, async ({ params, body }, req, res) => {
      const member = await updateMember(ctxOf(deps, req), { memberId: params.id, ...body });
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
      const membership = await addMembership(ctxOf(deps, req), { memberId: params.id, seasonId: body.seasonId });
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

  router.put(
    '/admin/members/:id/roles',
    numericId,
    handle({ params: idParams, body: rolesUpdateBodySchema }, async ({ params, body }, req, res) => {
      const roles = await updateRoles(ctxOf(deps, req), { memberId: params.id, roles: body.roles });
      sendItem(res, { roles: z.array(roleSchema).parse(roles) });
    }),
  );

  return router;
}
