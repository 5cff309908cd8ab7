import type { Database } from '../../db/client.ts';
import { unique } from '../../test/factories.ts';
import { DAY } from '../tickets/tickets.test-support.ts';

export { client, DAY, HOUR, loggedIn, type Answer, type Call, type Json } from '../tickets/tickets.test-support.ts';

/** An event written straight into the database (the admin API has its own tests). */
export async function seedEvent(
  database: Database,
  options: {
    capacity?: number | null;
    perMember?: number;
    start?: Date;
    end?: Date;
    deadline?: Date;
    priceRappen?: number;
    title?: string;
  } = {},
): Promise<number> {
  const start = options.start ?? new Date(Date.now() + 10 * DAY);
  const row = await database.prisma.event.create({
    data: {
      title: options.title ?? unique('Stammtisch '),
      description: 'Wir treffen uns im **Fanlokal**.',
      location: 'Fanlokal Limmat, Zürich',
      start,
      end: options.end ?? new Date(start.getTime() + 3 * 3_600_000),
      registrationDeadline: options.deadline ?? new Date(start.getTime() - DAY),
      capacity: options.capacity === undefined ? 10 : options.capacity,
      priceRappen: options.priceRappen ?? 0,
      maxPlacesPerMember: options.perMember ?? 4,
    },
  });
  return row.id;
}

/** A valid body of `POST /api/v1/admin/events/`, starting in 20 days. */
export function eventBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const start = new Date(Date.now() + 20 * DAY);
  return {
    title: 'Chlausabend',
    description: 'Mit *Nüssli* und Mandarinen.',
    location: 'Fanlokal Limmat, Zürich',
    start: start.toISOString(),
    end: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
    registrationDeadline: new Date(start.getTime() - 2 * DAY).toISOString(),
    capacity: 3,
    price: { currency: 'CHF', amount: 15 },
    maxPlacesPerMember: 2,
    ...overrides,
  };
}

export function subscribePath(eventId: number): string {
  return `/events/${eventId}/subscriptions`;
}

/** Mails in the outbox to an address. */
export function mailsTo(database: Database, to: string) {
  return database.prisma.mailOutbox.findMany({ where: { to }, orderBy: { id: 'asc' } });
}
