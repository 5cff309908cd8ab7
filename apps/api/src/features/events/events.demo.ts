import type { DbOrTx } from '../../lib/ctx.ts';
import { addDays } from '../../lib/dates.ts';
import { zurichAt } from '../tickets/tickets.demo.ts';
import { findFirstMembersExcept, insertEvent, insertSubscriptions } from './events.repository.ts';

/**
 * Demo rows of events: a free Stammtisch, a nearly full Chlausabend with a waiting list, a
 * Fan Car trip (paid on boarding, never invoiced: what the Fan Car page says), a general assembly without a limit of places and one event in the past, with
 * subscriptions of demo members (also `mitglied`). Runs after the demo members exist.
 */
export async function loadEventDemoData(db: DbOrTx, now: Date): Promise<void> {
  const members = await findFirstMembersExcept(db, 'vorstand', 20);
  const mitglied = members.find((m) => m.username === 'mitglied');
  const others = members.filter((m) => m.username !== 'mitglied');
  if (!mitglied || others.length < 12) return;

  const at = (days: number, hh: number, mm = 0) => zurichAt(now, days, hh, mm);
  const event = (data: {
    title: string;
    description: string;
    location: string;
    start: Date;
    hours: number;
    deadlineDays: number;
    capacity: number | null;
    priceRappen: number;
    maxPlacesPerMember: number;
    paymentMode?: 'INVOICE' | 'ON_SITE';
  }) =>
    insertEvent(db, {
      title: data.title,
      description: data.description,
      location: data.location,
      start: data.start,
      end: new Date(data.start.getTime() + data.hours * 3_600_000),
      registrationDeadline: addDays(data.start, -data.deadlineDays),
      capacity: data.capacity,
      priceRappen: data.priceRappen,
      maxPlacesPerMember: data.maxPlacesPerMember,
      paymentMode: data.paymentMode ?? 'INVOICE',
    });

  const stammtisch = await event({
    title: 'Stammtisch im Fanlokal',
    description:
      'Unser monatlicher **Stammtisch**: Wir schauen zurück auf die letzten Spiele und planen die nächsten Auswärtsfahrten.\n\n- Apéro offeriert vom Verein\n- Gäste sind willkommen',
    location: 'Fanlokal Limmat, Hardturmstrasse 12, 8005 Zürich',
    start: at(5, 19, 30),
    hours: 3,
    deadlineDays: 1,
    capacity: 30,
    priceRappen: 0,
    maxPlacesPerMember: 2,
  });
  const chlaus = await event({
    title: 'Chlausabend 2026',
    description:
      'Der Samichlaus besucht den Fanclub! Fondue, Nüssli und Mandarinen, dazu ein Rückblick auf die Hinrunde.\n\n*Bitte melden Sie sich frühzeitig an, die Plätze sind beschränkt.*',
    location: 'Restaurant Hardhof, Zürich',
    start: at(14, 18, 30),
    hours: 5,
    deadlineDays: 3,
    capacity: 12,
    priceRappen: 3500,
    maxPlacesPerMember: 4,
  });
  const davos = await event({
    title: 'Fan Car zum Auswärtsspiel in Davos',
    description:
      'Gemeinsame Fahrt im Fan Car nach Davos und zurück. Das Matchticket ist **nicht** im Fahrpreis inbegriffen.\n\n' +
      'Bezahlt wird beim Einsteigen, bar oder mit TWINT: Für den Fan Car erhalten Sie keine Rechnung.',
    location: 'Abfahrt: Zürich-Altstetten',
    start: at(21, 14, 0),
    hours: 11,
    deadlineDays: 2,
    capacity: 50,
    priceRappen: 3500,
    maxPlacesPerMember: 4,
    paymentMode: 'ON_SITE',
  });
  await event({
    title: 'Generalversammlung',
    description: 'Ordentliche Generalversammlung des Vereins. Die Traktandenliste folgt per Post.',
    location: 'Gemeinschaftszentrum Wipkingen, Zürich',
    start: at(40, 19, 0),
    hours: 2,
    deadlineDays: 0,
    capacity: null,
    priceRappen: 0,
    maxPlacesPerMember: 1,
  });
  const opening = await event({
    title: 'Saisoneröffnung mit Grill',
    description: 'Grillplausch zum Start in die neue Saison.',
    location: 'Fanlokal Limmat, Zürich',
    start: at(-30, 17, 0),
    hours: 5,
    deadlineDays: 2,
    capacity: 50,
    priceRappen: 1500,
    maxPlacesPerMember: 3,
  });

  const sub = (eventId: number, memberId: number, amount: number, status: 'CONFIRMED' | 'WAITING', daysAgo: number, minutes = 0) => ({
    eventId,
    memberId,
    amount,
    status,
    subscriptionTimestamp: new Date(now.getTime() - daysAgo * 86_400_000 + minutes * 60_000),
  });
  await insertSubscriptions(db, [
    sub(stammtisch.id, mitglied.id, 2, 'CONFIRMED', 3),
    ...others.slice(0, 6).map((m, i) => sub(stammtisch.id, m.id, 1 + (i % 2), 'CONFIRMED', 6 - i)),
    // Chlausabend: full. The first in line wants 3 and keeps her place; the 2 places freed last
    // went to the member behind her, whose request fitted.
    ...others.slice(2, 7).map((m, i) => sub(chlaus.id, m.id, 2, 'CONFIRMED', 10 - i)),
    sub(chlaus.id, others[8]!.id, 3, 'WAITING', 2),
    sub(chlaus.id, others[9]!.id, 2, 'CONFIRMED', 1),
    ...others.slice(4, 11).map((m, i) => sub(davos.id, m.id, 1 + (i % 3), 'CONFIRMED', 4, i)),
    sub(opening.id, mitglied.id, 2, 'CONFIRMED', 40),
    ...others.slice(0, 9).map((m, i) => sub(opening.id, m.id, 1 + (i % 3), 'CONFIRMED', 41, i)),
  ]);
}
