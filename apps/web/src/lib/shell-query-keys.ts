/*
 * The two query keys of the navigation bar, the footer and Home, in a module of their own: the
 * bundler places a module in one chunk as a whole, and the table of every key (`query-keys.ts`,
 * which re-exports these two) is shared by the lazy screens, so it would otherwise come with the
 * first load. Read them as `queryKeys.site` and `queryKeys.session` like every other key.
 */

/** The club's public facts (`GET /api/v1/site`). */
export const site = ['site'] as const;

/** The member of the session with everything of their own (`GET /api/v1/member/?expands=*`). */
export const session = ['member', 'own'] as const;
