/**
 * Every screen of the site (docs/domain-rules.md «Screens and routes»): its route name, its path pattern and a
 * builder for links. Links are always built from here, never typed by hand.
 */

type Id = number | string;

interface StaticRoute {
  readonly name: string;
  readonly path: string;
  readonly href: () => string;
}
interface IdRoute {
  readonly name: string;
  readonly path: string;
  readonly href: (id: Id) => string;
}

function fixed(name: string, path: string): StaticRoute {
  return { name, path, href: () => path };
}

/** `path` is a pattern with `:id`; `href(7)` fills it in. */
function withId(name: string, path: string): IdRoute {
  return { name, path, href: (id) => path.replace(':id', encodeURIComponent(String(id))) };
}

export const paths = {
  home: fixed('Home', '/'),
  fanCar: fixed('FanCar', '/fancar'),
  memberOfTheBoard: fixed('MemberOfTheBoard', '/vorstand'),
  statuten: fixed('Statuten', '/statuten'),
  newsletter: fixed('Newsletter', '/newsletter'),
  /** The members' document area, 'Protokolle GV' (added to the screens of docs/domain-rules.md). */
  documents: fixed('Documents', '/dokumente'),
  events: fixed('Events', '/events'),
  event: withId('Event', '/events/:id'),
  ticket: fixed('Ticket', '/tickets'),
  game: withId('game', '/tickets/games/:id'),
  account: fixed('Account', '/account'),
  addressChange: fixed('AddressChange', '/account/changeaddress'),
  emailChange: fixed('EmailChange', '/account/changeemail'),
  members: fixed('Members', '/admin/members'),
  /** A club moving in: the member list from Excel (a board screen beside those of docs/domain-rules.md «Screens and routes»). */
  membersImport: fixed('MembersImport', '/admin/members/import'),
  memberAdmin: withId('MemberAdmin', '/admin/members/:id'),
  deliveryOption: fixed('DeliveryOption', '/admin/deliveryoptions'),
  gameGroup: fixed('GameGroup', '/admin/gamegroups'),
  gameGroupId: withId('GameGroupId', '/admin/gamegroups/:id'),
  reports: fixed('Reports', '/admin/reports'),
  adminInvoices: fixed('AdminInvoices', '/admin/invoices'),
  /** One invoice with its history (a board screen beside those of docs/domain-rules.md «Screens and routes»). */
  adminInvoice: withId('AdminInvoice', '/admin/invoices/:id'),
  eventsAdmin: fixed('EventsAdmin', '/admin/events'),
  eventAdmin: withId('EventAdmin', '/admin/events/:id'),
  adminSeasons: fixed('AdminSeasons', '/admin/seasons'),
  /** Hand-over of a game's tickets (added to the screens of docs/domain-rules.md). */
  gameHandover: withId('GameHandover', '/admin/games/:id/handover'),
  /** Hand-over of an event's places (added to the screens of docs/domain-rules.md). */
  eventHandover: withId('EventHandover', '/admin/events/:id/handover'),
  /** Mail to groups (added to the screens of docs/domain-rules.md). */
  adminMailings: fixed('AdminMailings', '/admin/mailings'),
  adminCandidates: fixed('AdminCandidates', '/admin/candidates'),
  adminCandidateEdit: withId('AdminCandidateEdit', '/admin/candidates/:id'),
  candidates: fixed('Candidates', '/candidates'),
  privacyPolicy: fixed('PrivacyPolicy', '/privacy'),
  imprint: fixed('Imprint', '/imprint'),
  contact: fixed('Contact', '/contact'),
  badGateway: fixed('BadGateway', '/err/502'),
  /** Any other path. */
  notFound: { name: 'NotFound', path: '*' },
} as const;

export type RouteKey = keyof typeof paths;

/** Server paths that are not screens of the SPA (full page loads). */
export const serverPaths = {
  /** Starts the login flow; after it the browser comes back to `returnTo`. */
  login: (returnTo: string) => `/oauth/login?returnTo=${encodeURIComponent(returnTo)}`,
  logout: '/oauth/logout',
} as const;

/** The board's sections on member screens, reached from the Admin menu. */
export const boardSectionHrefs = {
  newsletterUpload: `${paths.newsletter.path}#newsletter-upload-heading`,
  contactRecipients: `${paths.contact.path}#recipients-heading`,
} as const;

/** External links of the 'ZSC' menu. */
export const externalLinks = {
  teamHomepage: 'https://www.zsclions.ch',
  club21: 'https://www.zsclions.ch/club21',
  clubSite: 'https://www.zsclions.ch',
} as const;
