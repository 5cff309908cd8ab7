/** What other features use of the calendar: the one iCalendar generator (an event's own `.ics`). */
export { eventCalendar } from './calendar.documents.ts';
