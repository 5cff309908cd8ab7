// No zod here: the web's team logos import this file on its own (`@club/contract/teams`).

/** Team codes with a logo (docs/domain-rules.md «Data and expands»); any other code shows the default badge. */
export const teamCodes = ['HCD', 'SCB', 'ZSC', 'HCAP', 'HCA', 'EHCB', 'HCFG', 'HCGS', 'SCLT', 'LHC', 'HCL', 'SCRJ', 'EVZ', 'EHCK'] as const;
export type TeamCode = (typeof teamCodes)[number];
/** The club's own team: every game is ZSC against an opponent. */
export const OWN_TEAM = 'ZSC';
