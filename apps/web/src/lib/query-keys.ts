import type { CandidateStatus } from '@club/contract';

/** Which list a hand-over screen works through. */
export type HandoverKind = 'game' | 'event';

/**
 * Every TanStack Query key of the site, from broad to narrow (`['games', 'detail', id]`): a screen's
 * queryOptions take their key from here and a mutation invalidates a prefix from here, so what one
 * screen reads and another changes are spelled once.
 */
export const queryKeys = {
  /** The club's public facts (`GET /api/v1/site`). */
  site: ['site'] as const,
  /** The member of the session with everything of their own (`GET /api/v1/member/?expands=*`). */
  session: ['member', 'own'] as const,
  /** Further reads of the member's own. */
  own: {
    card: ['member', 'card'] as const,
    eventSubscriptions: ['member', 'eventsubscriptions'] as const,
    twoFactor: ['member', 'twofactor'] as const,
  },
  games: {
    all: ['games'] as const,
    list: () => [...queryKeys.games.all, 'list'] as const,
    detail: (id: number) => [...queryKeys.games.all, 'detail', id] as const,
    deliveryOptions: (id: number) => [...queryKeys.games.detail(id), 'deliveryoptions'] as const,
    deliveryAddress: (id: number) => [...queryKeys.games.detail(id), 'deliveryaddress'] as const,
  },
  /** The board's ticket screens: delivery options and game groups with their games. */
  ticketAdmin: {
    deliveryOptions: ['admin', 'deliveryoptions'] as const,
    gameGroups: ['admin', 'gamegroups'] as const,
    gameGroupList: () => [...queryKeys.ticketAdmin.gameGroups, 'list'] as const,
    gameGroup: (id: number) => [...queryKeys.ticketAdmin.gameGroups, 'detail', id] as const,
  },
  events: {
    all: ['events'] as const,
    list: (past: boolean) => [...queryKeys.events.all, 'list', past ? 'past' : 'upcoming'] as const,
    detail: (id: number) => [...queryKeys.events.all, 'detail', id] as const,
  },
  adminEvents: {
    all: ['admin', 'events'] as const,
    list: () => [...queryKeys.adminEvents.all, 'list'] as const,
    detail: (id: number) => [...queryKeys.adminEvents.all, 'detail', id] as const,
    subscribers: (id: number) => [...queryKeys.adminEvents.detail(id), 'subscribers'] as const,
  },
  members: {
    all: ['members'] as const,
    searches: () => [...queryKeys.members.all, 'search'] as const,
    search: (q: string, page: number, pageSize: number) => [...queryKeys.members.searches(), q, page, pageSize] as const,
    detail: (id: number) => [...queryKeys.members.all, 'detail', id] as const,
    retention: () => [...queryKeys.members.all, 'retention'] as const,
  },
  candidates: {
    all: ['candidates'] as const,
    lists: () => [...queryKeys.candidates.all, 'list'] as const,
    list: (status: CandidateStatus | undefined) => [...queryKeys.candidates.lists(), status ?? 'ALL'] as const,
    detail: (id: number) => [...queryKeys.candidates.all, 'detail', id] as const,
  },
  /** A change of seasons, fees or memberships invalidates `all`. */
  seasons: {
    all: ['seasons'] as const,
    list: () => [...queryKeys.seasons.all, 'list'] as const,
    /** The seasons the reports screen offers (under `list`: a new season shows there too). */
    reportList: () => [...queryKeys.seasons.list(), 'reports'] as const,
    ticketBilling: (seasonId: number) => [...queryKeys.seasons.all, seasonId, 'ticketfees'] as const,
  },
  invoices: {
    all: ['admin', 'invoices'] as const,
    lists: () => [...queryKeys.invoices.all, 'list'] as const,
    list: (filter: object) => [...queryKeys.invoices.lists(), filter] as const,
  },
  /** The bank's credits that came without a usable reference. */
  payments: {
    all: ['admin', 'payments'] as const,
    unmatched: () => [...queryKeys.payments.all, 'unmatched'] as const,
  },
  newsletters: {
    all: ['newsletters'] as const,
    list: () => [...queryKeys.newsletters.all, 'list'] as const,
  },
  contact: {
    all: ['contact'] as const,
    recipients: () => [...queryKeys.contact.all, 'recipients'] as const,
    adminRecipients: () => [...queryKeys.contact.recipients(), 'admin'] as const,
  },
  handover: {
    all: ['handover'] as const,
    list: (kind: HandoverKind, id: number) => [...queryKeys.handover.all, kind, id] as const,
    subject: (kind: HandoverKind, id: number) => [...queryKeys.handover.list(kind, id), 'subject'] as const,
  },
};
