import { gameAvailabilityText, isGameOver } from '../lib/games';

/** Tickets left at a glance: red when sold out, yellow when few are left, grey once the game has begun. */
export function TicketsLeftBadge({ left, start, quotaHint = 10 }: { left: number; start?: string; quotaHint?: number }) {
  const over = start !== undefined && isGameOver(start);
  const bg = over ? 'secondary' : left <= 0 ? 'danger' : left <= quotaHint ? 'warning' : 'success';
  return (
    <span className={`badge bg-${bg}${bg === 'warning' ? ' text-dark' : ''} fs-6 fw-semibold`} data-testid="tickets-left">
      {gameAvailabilityText(left, start)}
    </span>
  );
}
