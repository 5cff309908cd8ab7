import type { CandidateStatus } from '@club/contract';

/*
 * Every TanStack Query key of the site, from broad to narrow, read as
 * `import * as queryKeys from '@/lib/query-keys'`: a screen's queryOptions take their key from here
 * and a mutation invalidates a prefix from here, so what one screen reads and another changes are
 * spelled once. One scheme: one table per feature, named as the feature (docs/feature-guide.md),
 * whose keys start with that name; then `admin` where the board's reads stand beside those of
 * members or visitors (`tickets`, `events`, `contact`); then what is read; then its parameters
 * (`['tickets', 'games', 'detail', 7]`, `['events', 'admin', 'detail', 3]`). No key is written
 * outside this table. The keys the navigation bar and Home read (the session and the site's facts) live in
 * `shell-query-keys.ts` and are re-exported here: this table is shared by the lazy screens and is
 * not part of the first load.
 */

/** Which list a hand-over screen works through. */
export type HandoverKind = 'game' | 'event';

export { session, site } from './shell-query-keys';

/** Mein Konto: the member's own reads besides the session (member card, event subscriptions, second factor, calendar link). */
export const account = {
  all: ['account'] as const,
  card: () => [...account.all, 'card'] as const,
  eventSubscriptions: () => [...account.all, 'eventsubscriptions'] as const,
  twoFactor: () => [...account.all, 'twofactor'] as const,
  calendar: () => [...account.all, 'calendar'] as const,
};

/** The games members see and reserve for, then the board's delivery options and game groups with their games. */
export const tickets = {
  all: ['tickets'] as const,
  games: () => [...tickets.all, 'games'] as const,
  gameList: () => [...tickets.games(), 'list'] as const,
  game: (id: number) => [...tickets.games(), 'detail', id] as const,
  gameDeliveryOptions: (id: number) => [...tickets.game(id), 'deliveryoptions'] as const,
  gameDeliveryAddress: (id: number) => [...tickets.game(id), 'deliveryaddress'] as const,
  gameDraw: (id: number) => [...tickets.game(id), 'draw'] as const,
  admin: () => [...tickets.all, 'admin'] as const,
  adminDeliveryOptions: () => [...tickets.admin(), 'deliveryoptions'] as const,
  adminGameGroups: () => [...tickets.admin(), 'gamegroups'] as const,
  adminGameGroupList: () => [...tickets.adminGameGroups(), 'list'] as const,
  adminGameGroup: (id: number) => [...tickets.adminGameGroups(), 'detail', id] as const,
  /** A game's reservations after the first page the group carries (changes of a group invalidate them too). */
  adminGameReservations: (gameId: number) => [...tickets.adminGameGroups(), 'reservations', gameId] as const,
};

/** The events members see and subscribe to, then the board's (under `all`: a change of either refreshes both). */
export const events = {
  all: ['events'] as const,
  list: (past: boolean) => [...events.all, 'list', past ? 'past' : 'upcoming'] as const,
  detail: (id: number) => [...events.all, 'detail', id] as const,
  admin: () => [...events.all, 'admin'] as const,
  adminList: () => [...events.admin(), 'list'] as const,
  adminDetail: (id: number) => [...events.admin(), 'detail', id] as const,
  adminSubscribers: (id: number) => [...events.adminDetail(id), 'subscribers'] as const,
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
  all: ['invoices'] as const,
  lists: () => [...invoices.all, 'list'] as const,
  list: (filter: object) => [...invoices.lists(), filter] as const,
  /** One invoice with its history (under `all`: every payment, booking or cancellation refreshes it). */
  detail: (id: number) => [...invoices.all, 'detail', id] as const,
  /** What a reminder run would send now. */
  reminderPreview: () => [...invoices.all, 'reminder-preview'] as const,
};

/** The bank's credits that came without a usable reference, a page of them. */
export const payments = {
  all: ['payments'] as const,
  unmatched: () => [...payments.all, 'unmatched'] as const,
  unmatchedPage: (page: number) => [...payments.unmatched(), page] as const,
};

export const newsletters = {
  all: ['newsletters'] as const,
  list: () => [...newsletters.all, 'list'] as const,
};

/** The board's mail to groups: the sent mailings, the form's groups and the recipient count of a group. */
export const mailings = {
  all: ['mailings'] as const,
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
  adminRecipients: () => [...contact.all, 'admin', 'recipients'] as const,
};

export const handover = {
  all: ['handover'] as const,
  list: (kind: HandoverKind, id: number) => [...handover.all, kind, id] as const,
  subject: (kind: HandoverKind, id: number) => [...handover.list(kind, id), 'subject'] as const,
};
