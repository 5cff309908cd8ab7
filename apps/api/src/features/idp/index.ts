// What other parts of the site use of the identity provider.
export { createIdp, type Idp } from './idp.ts';
export { normalizeUsername, pruneLoginData } from './accounts.ts';
export { createInvitation, INVITATION_VALID_DAYS, passwordProblem } from './invitations.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
