// What other parts of the site use of the identity provider.
export { createIdp, type Idp } from './idp.ts';
export {
  checkSecondFactor,
  confirmSecondFactor,
  loginNameOfMember,
  loginOverview,
  loginRecords,
  normalizeUsername,
  pruneLoginData,
  type LoginLink,
  type LoginOverview,
} from './accounts.ts';
export { twoFactorResetMail } from './idp.mails.ts';
export { createInvitation, INVITATION_VALID_DAYS, inviteImportedMembers, passwordProblem, sendInvitation } from './invitations.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { sendPasswordReset } from './password-reset.ts';
export { removeSecondFactor, renewRecoveryCodes, startTotpEnrolment, twoFactorState } from './two-factor.ts';
export { hashLinkToken, newLinkToken } from './link-tokens.ts';
