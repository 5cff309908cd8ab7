import { OWN_TEAM } from '@club/contract/teams';
import type { CalendarFeed } from '@club/contract';
import { notFound } from '../../lib/app-error.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { addDays } from '../../lib/dates.ts';
import { hashLinkToken, newLinkToken } from '../idp/index.ts';
import { clubEventsCalendar, memberCalendar, type CalendarSite } from './calendar.documents.ts';
import {
  deleteFeed,
  findClubEvents,
  findEventsSignedUp,
  findFeedOfMember,
  findGamesWithTickets,
  findMemberOfFeed,
  replaceFeed,
} from './calendar.repository.ts';

/** Feeds show what ended at most this many days ago (a phone keeps what it has seen). */
const PAST_DAYS = 90;
const FEED_NOT_FOUND = 'Diesen Kalender gibt es nicht (mehr).';

/** The feed's addresses: https for a download, webcal:// for a phone's calendar to subscribe. */
export function feedUrls(publicUrl: string, path: string): { url: string; webcalUrl: string } {
  const url = `${publicUrl}${path}`;
  return { url, webcalUrl: url.replace(/^https?:\/\//, 'webcal://') };
}

/** Whether the member has a private feed (its URL is shown only when made). */
export async function getCalendarFeed(ctx: Ctx, memberId: number, site: CalendarSite): Promise<CalendarFeed> {
  const row = await findFeedOfMember(ctx.db, memberId);
  return { active: Boolean(row), createdAt: row ? row.createdAt.toISOString() : null, url: null, webcalUrl: null, ...publicFeed(site) };
}

function publicFeed(site: CalendarSite) {
  const urls = feedUrls(site.publicUrl, '/api/v1/calendar/events.ics');
  return { publicUrl: urls.url, publicWebcalUrl: urls.webcalUrl };
}

/** A new private feed URL; an earlier one stops working at once. */
export async function renewCalendarFeed(ctx: Ctx, memberId: number, site: CalendarSite): Promise<CalendarFeed> {
  const token = newLinkToken();
  const row = await withTx(ctx, (tx) => replaceFeed(tx.db, memberId, hashLinkToken(token), tx.now));
  return {
    active: true,
    createdAt: row.createdAt.toISOString(),
    ...feedUrls(site.publicUrl, `/api/v1/calendar/${token}.ics`),
    ...publicFeed(site),
  };
}

/** Revokes the private feed (its URL answers 404 from now on); none is a 404. */
export async function revokeCalendarFeed(ctx: Ctx, memberId: number): Promise<void> {
  if (!(await deleteFeed(ctx.db, memberId))) throw notFound('Sie haben kein Kalender-Abo.');
}

/** The private feed of a secret: a revoked or unknown one is a 404. */
export async function renderMemberFeed(ctx: Ctx, token: string, site: CalendarSite): Promise<string> {
  const memberId = await findMemberOfFeed(ctx.db, hashLinkToken(token));
  if (memberId === null) throw notFound(FEED_NOT_FOUND);
  const from = addDays(ctx.now, -PAST_DAYS);
  const [games, events] = await Promise.all([findGamesWithTickets(ctx.db, memberId, from), findEventsSignedUp(ctx.db, memberId, from)]);
  return memberCalendar({ games, events, ownTeam: OWN_TEAM }, site, ctx.now);
}

/** The public feed of every club event. */
export async function renderClubEventsFeed(ctx: Ctx, site: CalendarSite): Promise<string> {
  return clubEventsCalendar(await findClubEvents(ctx.db, addDays(ctx.now, -PAST_DAYS)), site, ctx.now);
}
