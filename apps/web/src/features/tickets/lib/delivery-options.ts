import type { AdminDeliveryOption } from '@club/contract';

type Usage = Pick<AdminDeliveryOption, 'gameGroupCount' | 'reservationCount'>;

/** "2 Spielegruppen und 1 Reservation"; empty when the option is not used. */
export function usageText(option: Usage): string {
  const parts = [];
  if (option.gameGroupCount) parts.push(`${option.gameGroupCount} ${option.gameGroupCount === 1 ? 'Spielegruppe' : 'Spielegruppen'}`);
  if (option.reservationCount) parts.push(`${option.reservationCount} ${option.reservationCount === 1 ? 'Reservation' : 'Reservationen'}`);
  return parts.join(' und ');
}

/** The server refuses to delete an option a game group offers or a reservation uses (409 IN_USE). */
export function inUse(option: Usage): boolean {
  return option.gameGroupCount > 0 || option.reservationCount > 0;
}

/**
 * Why an option cannot be deleted, and what the board can do instead: said in the delete dialog
 * before the board confirms (null: it can be deleted).
 */
export function deleteBlocker(option: Usage & Pick<AdminDeliveryOption, 'name'>): string | null {
  if (!inUse(option)) return null;
  const remedy =
    option.reservationCount > 0
      ? 'Reservationen behalten ihre Zustelloption; sie lässt sich aber umbenennen oder aus den Spielegruppen nehmen.'
      : 'Nehmen Sie sie zuerst aus den Spielegruppen, dann lässt sie sich löschen.';
  return `Die Zustelloption «${option.name}» wird noch verwendet (${usageText(option)}) und kann nicht gelöscht werden. ${remedy}`;
}
