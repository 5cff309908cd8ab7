import type { DbOrTx } from '../../lib/ctx.ts';
import { deleteFeed } from './calendar.repository.ts';

/** What other features use of the calendar: the one iCalendar generator (an event's own `.ics`). */
export { eventCalendar } from './calendar.documents.ts';

/**
 * Ends a member's private feed link in the caller's transaction (a password reset): its URL
 * answers 404 from then on; the member can subscribe anew under «Mein Konto».
 */
export function endCalendarFeed(db: DbOrTx, memberId: number): Promise<boolean> {
  return deleteFeed(db, memberId);
}
