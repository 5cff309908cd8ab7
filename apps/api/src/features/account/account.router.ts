import { Router } from 'express';
import { z } from 'zod';
import {
  addressChangeBodySchema,
  addressOutSchema,
  emailChangeBodySchema,
  emailChangeConfirmedSchema,
  emailChangeRequestedSchema,
  emailConfirmBodySchema,
  expandsQuery,
  memberExportSchema,
  ownMemberSchema,
  phoneSchema,
  phonesBodySchema,
  recoveryCodesSchema,
  twoFactorCodeBodySchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@club/contract';
import { sendItem, sendList } from '../../http/envelope.ts';
import { actorOf, requireMember } from '../../http/require-role.ts';
import { clientKey, clientLimit } from '../../http/rate-limit.ts';
import { handle } from '../../http/validate.ts';
import { ctxOf, type Deps } from '../../lib/deps.ts';
import {
  changeOwnAddress,
  confirmEmailChange,
  exportFileName,
  exportOwnData,
  requestEmailChange,
  type AccountSettings,
} from './account.service.ts';
import { getOwnMember } from './account.service.ts';
import { updatePhones } from '../members/members.service.ts';
import {
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  replaceRecoveryCodes,
  setupTwoFactor,
  type TwoFactorSettings,
} from './two-factor.service.ts';

/** The confirmation link works without a login: tokens cannot be guessed at speed (failed attempts count). */
export const CONFIRMATIONS_FAILED_PER_QUARTER_HOUR = 10;

export function accountRouter(deps: Deps): Router {
  const router = Router();
  const settings: AccountSettings = { clubName: deps.config.clubName, publicUrl: deps.config.publicUrl };
  const twoFactor: TwoFactorSettings = {
    clubName: deps.config.clubName,
    publicUrl: deps.config.publicUrl,
    externalLogin: deps.config.oidc !== undefined,
    requireTwoFactorForBoard: deps.config.requireTwoFactorForBoard,
    loginFailuresPerMinute: deps.config.loginFailuresPerMinute,
  };
  ownDataRoutes(router, deps, settings);
  twoFactorRoutes(router, deps, twoFactor);
  exportRoute(router, deps);
  return router;
}

/** The member's own record: read, moved, a new e-mail address (confirmed through its link), phone numbers. */
function ownDataRoutes(router: Router, deps: Deps, settings: AccountSettings): void {
  const confirmLimit = clientLimit({
    windowMs: 15 * 60_000,
    limit: CONFIRMATIONS_FAILED_PER_QUARTER_HOUR,
    message: 'Zu viele ungültige Bestätigungsversuche. Bitte warten Sie 15 Minuten und öffnen Sie dann den Link aus der E-Mail erneut.',
    skipSuccessfulRequests: true,
  });

  router.get(
    '/member/',
    requireMember,
    handle({ query: z.object({ expands: expandsQuery }) }, async ({ query }, req, res) => {
      const result = await getOwnMember(ctxOf(deps, req), actorOf(req).memberId, query.expands);
      sendItem(res, ownMemberSchema.parse(result.data), result.expands);
    }),
  );

  // A move: the new address starts today (201), a same-day correction or a repeat answers 200.
  router.post(
    '/member/addresses',
    requireMember,
    handle({ body: addressChangeBodySchema }, async ({ body }, req, res) => {
      const result = await changeOwnAddress(ctxOf(deps, req), { memberId: actorOf(req).memberId, address: body });
      sendItem(res, addressOutSchema.parse(result.address), undefined, result.created ? 201 : 200);
    }),
  );

  // 202: the new address applies once the link in the mail is opened.
  router.put(
    '/member/email',
    requireMember,
    handle({ body: emailChangeBodySchema }, async ({ body }, req, res) => {
      const result = await requestEmailChange(ctxOf(deps, req), { memberId: actorOf(req).memberId, email: body.email, settings });
      sendItem(res, emailChangeRequestedSchema.parse(result), undefined, 202);
    }),
  );

  // The link of the mail leads to /account/changeemail?token=…, whose button posts here; no login needed.
  router.post(
    '/member/email/confirm',
    confirmLimit,
    handle({ body: emailConfirmBodySchema }, async ({ body }, req, res) => {
      const result = await confirmEmailChange(ctxOf(deps, req), { token: body.token, settings });
      sendItem(res, emailChangeConfirmedSchema.parse(result));
    }),
  );

  // Landline and mobile (the board's rules); null or '' removes a number.
  router.put(
    '/member/phones',
    requireMember,
    handle({ body: phonesBodySchema }, async ({ body }, req, res) => {
      const phones = await updatePhones(ctxOf(deps, req), {
        memberId: actorOf(req).memberId,
        landLine: body.landLine,
        mobile: body.mobile,
      });
      sendList(
        res,
        phones.map((p) => phoneSchema.parse(p)),
      );
    }),
  );
}

/** The member's second factor. */
function twoFactorRoutes(router: Router, deps: Deps, twoFactor: TwoFactorSettings): void {
  // The second factor of the embedded login: state, setup (QR code), confirmation, switch-off, new recovery codes.
  router.get(
    '/member/twofactor',
    requireMember,
    handle({}, async (_input, req, res) => {
      sendItem(res, twoFactorStatusSchema.parse(await getTwoFactorStatus(ctxOf(deps, req), actorOf(req).memberId, twoFactor)));
    }),
  );

  router.post(
    '/member/twofactor/setup',
    requireMember,
    handle({}, async (_input, req, res) => {
      const setup = await setupTwoFactor(ctxOf(deps, req), actorOf(req).memberId, twoFactor);
      sendItem(res, twoFactorSetupSchema.parse(setup), undefined, 201);
    }),
  );

  router.post(
    '/member/twofactor',
    requireMember,
    handle({ body: twoFactorCodeBodySchema }, async ({ body }, req, res) => {
      const input = { memberId: actorOf(req).memberId, code: body.code, client: clientKey(req.ip), settings: twoFactor };
      sendItem(res, recoveryCodesSchema.parse(await enableTwoFactor(ctxOf(deps, req), input)), undefined, 201);
    }),
  );

  router.delete(
    '/member/twofactor',
    requireMember,
    handle({ body: twoFactorCodeBodySchema }, async ({ body }, req, res) => {
      await disableTwoFactor(ctxOf(deps, req), {
        memberId: actorOf(req).memberId,
        code: body.code,
        client: clientKey(req.ip),
        settings: twoFactor,
      });
      res.status(204).end();
    }),
  );

  router.post(
    '/member/twofactor/recoverycodes',
    requireMember,
    handle({ body: twoFactorCodeBodySchema }, async ({ body }, req, res) => {
      const input = { memberId: actorOf(req).memberId, code: body.code, client: clientKey(req.ip), settings: twoFactor };
      sendItem(res, recoveryCodesSchema.parse(await replaceRecoveryCodes(ctxOf(deps, req), input)), undefined, 201);
    }),
  );
}

/** Everything the club keeps about the member, as JSON (nDSG). */
function exportRoute(router: Router, deps: Deps): void {
  router.get(
    '/member/export',
    requireMember,
    handle({}, async (_input, req, res) => {
      const ctx = ctxOf(deps, req);
      const data = memberExportSchema.parse(await exportOwnData(ctx, actorOf(req).memberId));
      res
        .status(200)
        .attachment(exportFileName(data.login?.username ?? `mitglied-${data.profile.memberNumber}`, ctx.now))
        .set('Content-Type', 'application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    }),
  );
}
