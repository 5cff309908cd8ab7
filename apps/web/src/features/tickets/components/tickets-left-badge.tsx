import { gameAvailabilityText, isDrawPending, isGameOver, type BadgeSale } from '../lib/games';

interface TicketsLeftBadgeProps {
  left: number;
  start?: string;
  /** The sales window: before it opens, the badge says from when (`Verkauf ab 09.12.`); before a draw, its day. */
  sales?: BadgeSale;
  quotaHint?: number;
}

/** Tickets left at a glance: red when sold out, yellow when few are left, grey once the game has begun, before sales open and before a draw. */
export function TicketsLeftBadge({ left, start, sales, quotaHint = 10 }: TicketsLeftBadgeProps) {
  const over = start !== undefined && isGameOver(start);
  const notYet = sales?.salesState === 'NOT_YET_OPEN' && sales.salesOpenAt !== null;
  const bg = over || notYet || isDrawPending(sales) ? 'secondary' : left <= 0 ? 'danger' : left <= quotaHint ? 'warning' : 'success';
  return (
    <span className={`badge bg-${bg}${bg === 'warning' ? ' text-dark' : ''} fs-6 fw-semibold`} data-testid="tickets-left">
      {gameAvailabilityText(left, start, new Date(), sales)}
    </span>
  );
}
