import { describe, expect, it } from 'vitest';
import { deleteBlocker, inUse, usageText } from './delivery-options';

const option = (gameGroupCount: number, reservationCount: number) => ({ name: 'Post', gameGroupCount, reservationCount });

describe('delivery option usage', () => {
  it('counts game groups and reservations in singular and plural', () => {
    expect(usageText(option(0, 0))).toBe('');
    expect(usageText(option(1, 0))).toBe('1 Spielegruppe');
    expect(usageText(option(2, 1))).toBe('2 Spielegruppen und 1 Reservation');
    expect(usageText(option(0, 5))).toBe('5 Reservationen');
  });

  it('is in use when a group offers it or a reservation uses it', () => {
    expect(inUse(option(0, 0))).toBe(false);
    expect(inUse(option(1, 0))).toBe(true);
    expect(inUse(option(0, 1))).toBe(true);
  });

  it('says before the delete why it cannot be deleted and what to do instead', () => {
    expect(deleteBlocker(option(0, 0))).toBeNull();
    expect(deleteBlocker(option(2, 0))).toBe(
      'Die Zustelloption «Post» wird noch verwendet (2 Spielegruppen) und kann nicht gelöscht werden. Nehmen Sie sie zuerst aus den Spielegruppen, dann lässt sie sich löschen.',
    );
    expect(deleteBlocker(option(1, 3))).toMatch(
      /^Die Zustelloption «Post» wird noch verwendet \(1 Spielegruppe und 3 Reservationen\).*umbenennen/,
    );
  });
});
