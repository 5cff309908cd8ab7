import ical, { ICalEventStatus, type ICalCalendar } from 'ical-generator';
import removeMarkdown from 'remove-markdown';
import type { FeedEventRow, FeedGameRow } from './calendar.repository.ts';

/**
 * The site's iCalendar files (RFC 5545), one generator for all: a single event's `.ics`, the
 * public feed of the club's events and a member's private feed. Pure: loaded data in, text out.
 * Times in UTC; DESCRIPTION is plain text (the events' Markdown without its marks); every line,
 * the last included, ends with CRLF.
 */

export interface CalendarSite {
  clubName: string;
  publicUrl: string;
}

/** A game takes about this long: the end of its calendar entry. */
const GAME_MINUTES = 150;

/** An event's Markdown as plain text: marks and HTML gone, paragraphs kept, at most 2,000 characters. */
export function plainText(markdown: string): string {
  return removeMarkdown(markdown, { gfm: true, useImgAltText: true })
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, 2000);
}

function newCalendar(site: CalendarSite, name: string, product: string): ICalCalendar {
  return ical({
    name,
    prodId: { company: site.clubName, product, language: 'DE' },
    timezone: null,
    ttl: 60 * 60 * 6,
  });
}

/** RFC 5545 §3.1: each content line ends with CRLF, so does the last. */
function finish(calendar: ICalCalendar): string {
  const text = calendar.toString().replace(/\r?\n/g, '\r\n');
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

function addEvent(calendar: ICalCalendar, event: Omit<FeedEventRow, 'places'> & { places?: number | null }, site: CalendarSite, now: Date) {
  const host = new URL(site.publicUrl).host;
  const places = event.places ? `${event.places === 1 ? 'Ihr Platz' : `Ihre ${event.places} Plätze`} sind bestätigt.` : '';
  const description = [places, plainText(event.description)].filter(Boolean).join('\n\n');
  calendar.createEvent({
    id: `event-${event.id}@${host}`,
    start: event.start,
    end: event.end,
    stamp: now,
    summary: event.cancelledAt ? `Abgesagt: ${event.title}` : event.title,
    description: description || null,
    location: event.location || null,
    url: `${site.publicUrl}/events/${event.id}`,
    status: event.cancelledAt ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
}

function addGame(calendar: ICalCalendar, game: FeedGameRow, site: CalendarSite, ownTeam: string, now: Date) {
  const host = new URL(site.publicUrl).host;
  const [home, away] = game.homeGame ? [ownTeam, game.opponent] : [game.opponent, ownTeam];
  calendar.createEvent({
    id: `game-${game.id}@${host}`,
    start: game.start,
    end: new Date(game.start.getTime() + GAME_MINUTES * 60_000),
    stamp: now,
    summary: `${home} – ${away}`,
    description: `${game.homeGame ? 'Heimspiel' : 'Auswärtsspiel'}. Sie haben ${game.tickets === 1 ? '1 Ticket' : `${game.tickets} Tickets`}.`,
    location: game.venue || null,
    url: `${site.publicUrl}/tickets/games/${game.id}`,
    status: ICalEventStatus.CONFIRMED,
  });
}

/** `GET /api/v1/events/{id}.ics`: one event. */
export function eventCalendar(event: Omit<FeedEventRow, 'places'>, site: CalendarSite, now: Date): string {
  const calendar = newCalendar(site, site.clubName, 'Veranstaltungen');
  addEvent(calendar, event, site, now);
  return finish(calendar);
}

/** `GET /api/v1/calendar/events.ics`: every event of the club (the public feed). */
export function clubEventsCalendar(events: readonly FeedEventRow[], site: CalendarSite, now: Date): string {
  const calendar = newCalendar(site, `${site.clubName}: Veranstaltungen`, 'Veranstaltungen');
  for (const event of events) addEvent(calendar, event, site, now);
  return finish(calendar);
}

/** `GET /api/v1/calendar/{token}.ics`: the games a member holds tickets for and the events they signed up for. */
export function memberCalendar(
  input: { games: readonly FeedGameRow[]; events: readonly FeedEventRow[]; ownTeam: string },
  site: CalendarSite,
  now: Date,
): string {
  const calendar = newCalendar(site, `${site.clubName}: Meine Spiele und Veranstaltungen`, 'Mein Kalender');
  for (const game of input.games) addGame(calendar, game, site, input.ownTeam, now);
  for (const event of input.events) addEvent(calendar, event, site, now);
  return finish(calendar);
}
