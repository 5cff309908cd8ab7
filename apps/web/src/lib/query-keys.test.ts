import { describe, expect, it } from 'vitest';
import * as queryKeys from './query-keys';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) => prefix.every((part, i) => key[i] === part);

describe('the query keys', () => {
  it('put every read of an entity under the key its changes invalidate', () => {
    for (const key of [
      queryKeys.tickets.gameList(),
      queryKeys.tickets.game(7),
      queryKeys.tickets.gameDeliveryOptions(7),
      queryKeys.tickets.gameDeliveryAddress(7),
    ])
      expect(startsWith(key, queryKeys.tickets.games()), String(key)).toBe(true);
    for (const key of [queryKeys.events.list(true), queryKeys.events.detail(3)]) expect(startsWith(key, queryKeys.events.all)).toBe(true);
    expect(startsWith(queryKeys.events.adminSubscribers(3), queryKeys.events.adminDetail(3))).toBe(true);
    expect(startsWith(queryKeys.members.search('anna', 1, 25), queryKeys.members.searches())).toBe(true);
    expect(startsWith(queryKeys.candidates.list(undefined), queryKeys.candidates.lists())).toBe(true);
    for (const key of [
      queryKeys.seasons.list(),
      queryKeys.seasons.reportList(),
      queryKeys.seasons.ticketBilling(2),
      queryKeys.seasons.membershipFeePreview(2),
    ])
      expect(startsWith(key, queryKeys.seasons.all)).toBe(true);
    expect(startsWith(queryKeys.invoices.list({ status: 'OPEN' }), queryKeys.invoices.all)).toBe(true);
    expect(startsWith(queryKeys.contact.adminRecipients(), queryKeys.contact.all)).toBe(true);
    expect(startsWith(queryKeys.contact.recipients(), queryKeys.contact.all)).toBe(true);
    expect(startsWith(queryKeys.handover.subject('game', 5), queryKeys.handover.list('game', 5))).toBe(true);
  });

  it('keep the reads of different screens apart', () => {
    expect(queryKeys.tickets.game(1)).not.toEqual(queryKeys.tickets.game(2));
    expect(queryKeys.events.list(true)).not.toEqual(queryKeys.events.list(false));
    expect(queryKeys.handover.list('game', 1)).not.toEqual(queryKeys.handover.list('event', 1));
    expect(startsWith(queryKeys.session, queryKeys.account.card())).toBe(false);
    expect(startsWith(queryKeys.tickets.adminGameGroups(), queryKeys.events.admin())).toBe(false);
    // The board's game groups are not under the games a member's reservation refreshes, nor the admin recipients under the public ones.
    expect(startsWith(queryKeys.tickets.adminGameGroups(), queryKeys.tickets.games())).toBe(false);
    expect(startsWith(queryKeys.contact.adminRecipients(), queryKeys.contact.recipients())).toBe(false);
  });

  it('start every key with its feature', () => {
    const { session: _session, site: _site, ...tables } = queryKeys;
    expect(Object.keys(tables).length).toBeGreaterThan(10);
    for (const [feature, table] of Object.entries(tables))
      for (const make of Object.values(table)) {
        const key = typeof make === 'function' ? (make as (id: number) => readonly unknown[])(1) : make;
        expect(key[0], `${feature}: ${String(key)}`).toBe(feature);
      }
  });
});
