import type { CandidateStatus } from '@club/contract';

/*
 * Every TanStack Query key of the site, from broad to narrow (`['games', 'detail', id]`), read as
 * `import * as queryKeys from '@/lib/query-keys'`: a screen's queryOptions take their key from here
 * and a mutation invalidates a prefix from here, so what one screen reads and another changes are
 * spelled once. The keys the navigation bar and Home read (the session and the site's facts) live in
 * `shell-query-keys.ts` and are re-exported here: this table is shared by the lazy screens and is
 * not part of the first load.
 */

/** Which list a hand-over screen works through. */
export type HandoverKind = 'game' | 'event';

export { session, site } from './shell-query-keys';

/** Further reads of the member's own. */
export const own = {
  card: ['member', 'card'] as const,
  eventSubscriptions: ['member', 'eventsubscriptions'] as const,
  twoFactor: ['member', 'twofactor'] as const,
  calendar: ['member', 'calendar'] as const,
};

export const games = {
  all: ['games'] as const,
  list: () => [...games.all, 'list'] as const,
  detail: (id: number) => [...games.all, 'detail', id] as const,
  deliveryOptions: (id: number) => [...games.detail(id), 'deliveryoptions'] as const,
  deliveryAddress: (id: number) => [...games.detail(id), 'deliveryaddress'] as const,
  draw: (id: number) => [...games.detail(id), 'draw'] as const,
};

/** The board's ticket screens: delivery options and game groups with their games. */
export const ticketAdmin = {
  deliveryOptions: ['admin', 'deliveryoptions'] as const,
  gameGroups: ['admin', 'gamegroups'] as const,
  gameGroupList: () => [...ticketAdmin.gameGroups, 'list'] as const,
  gameGroup: (id: number) => [...ticketAdmin.gameGroups, 'detail', id] as const,
  /** A game's reservations after the first page the group carries (changes of a group invalidate them too). */
  gameReservations: (gameId: number) => [...ticketAdmin.gameGroups, 'reservations', gameId] as const,
};

export const events = {
  all: ['events'] as const,
  list: (past: boolean) => [...events.all, 'list', past ? 'past' : 'upcoming'] as const,
  detail: (id: number) => [...events.all, 'detail', id] as const,
};

export const adminEvents = {
  all: ['admin', 'events'] as const,
  list: () => [...adminEvents.all, 'list'] as const,
  detail: (id: number) => [...adminEvents.all, 'detail', id] as const,
  subscribers: (id: number) => [...adminEvents.detail(id), 'subscribers'] as const,
};

export const members = {
  all: ['members'] as const,
  searches: () => [...members.all, 'search'] as const,
  search: (q: string, page: number, pageSize: number) => [...members.searches(), q, page, pageSize] as const,
  detail: (id: number) => [...members.all, 'detail', id] as const,
  retention: () => [...members.all, 'retention'] as const,
  memberImport: (id: number) => [...members.all, 'import', id] as const,
};

export const candidates = {
  all: ['candidates'] as const,
  lists: () => [...candidates.all, 'list'] as const,
  list: (status: CandidateStatus | undefined) => [...candidates.lists(), status ?? 'ALL'] as const,
  detail: (id: number) => [...candidates.all, 'detail', id] as const,
  /** The public form's season and categories with their fees. */
  offer: () => [...candidates.all, 'offer'] as const,
};

/** A change of seasons, fees or memberships invalidates `all`. */
export const seasons = {
  all: ['seasons'] as const,
  list: () => [...seasons.all, 'list'] as const,
  /** The seasons the reports screen offers (under `list`: a new season shows there too). */
  reportList: () => [...seasons.list(), 'reports'] as const,
  ticketBilling: (seasonId: number) => [...seasons.all, seasonId, 'ticketfees'] as const,
  categories: (seasonId: number) => [...seasons.all, seasonId, 'categories'] as const,
  /** What the membership fee run would bill now, per category. */
  membershipFeePreview: (seasonId: number) => [...seasons.all, seasonId, 'membershipfees'] as const,
};

export const invoices = {
  all: ['admin', 'invoices'] as const,
  lists: () => [...invoices.all, 'list'] as const,
  list: (filter: object) => [...invoices.lists(), filter] as const,
  /** One invoice with its history (under `all`: every payment, booking or cancellation refreshes it). */
  detail: (id: number) => [...invoices.all, 'detail', id] as const,
};

/** The bank's credits that came without a usable reference. */
export const payments = {
  all: ['admin', 'payments'] as const,
  unmatched: () => [...payments.all, 'unmatched'] as const,
};

export const newsletters = {
  all: ['newsletters'] as const,
  list: () => [...newsletters.all, 'list'] as const,
};

/** The board's mail to groups: the sent mailings, the form's groups and the recipient count of a group. */
export const mailings = {
  all: ['admin', 'mailings'] as const,
  list: () => [...mailings.all, 'list'] as const,
  groups: () => [...mailings.all, 'groups'] as const,
  preview: (kind: string, id: number | null) => [...mailings.all, 'preview', kind, id] as const,
};

/** The members' document area ("Protokolle GV"). */
export const documents = {
  all: ['documents'] as const,
  list: () => [...documents.all, 'list'] as const,
};

export const contact = {
  all: ['contact'] as const,
  recipients: () => [...contact.all, 'recipients'] as const,
  adminRecipients: () => [...contact.recipients(), 'admin'] as const,
};

export const handover = {
  all: ['handover'] as const,
  list: (kind: HandoverKind, id: number) => [...handover.all, kind, id] as const,
  subject: (kind: HandoverKind, id: number) => [...handover.list(kind, id), 'subject'] as const,
};
