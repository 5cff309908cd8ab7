import { describe, expect, it } from 'vitest';
import * as queryKeys from './query-keys';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) => prefix.every((part, i) => key[i] === part);

describe('the query keys', () => {
  it('put every read of an entity under the key its changes invalidate', () => {
    for (const key of [
      queryKeys.games.list(),
      queryKeys.games.detail(7),
      queryKeys.games.deliveryOptions(7),
      queryKeys.games.deliveryAddress(7),
    ])
      expect(startsWith(key, queryKeys.games.all), String(key)).toBe(true);
    for (const key of [queryKeys.events.list(true), queryKeys.events.detail(3)]) expect(startsWith(key, queryKeys.events.all)).toBe(true);
    expect(startsWith(queryKeys.adminEvents.subscribers(3), queryKeys.adminEvents.detail(3))).toBe(true);
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
    expect(startsWith(queryKeys.contact.adminRecipients(), queryKeys.contact.recipients())).toBe(true);
    expect(startsWith(queryKeys.handover.subject('game', 5), queryKeys.handover.list('game', 5))).toBe(true);
  });

  it('keep the reads of different screens apart', () => {
    expect(queryKeys.games.detail(1)).not.toEqual(queryKeys.games.detail(2));
    expect(queryKeys.events.list(true)).not.toEqual(queryKeys.events.list(false));
    expect(queryKeys.handover.list('game', 1)).not.toEqual(queryKeys.handover.list('event', 1));
    expect(startsWith(queryKeys.session, queryKeys.own.card)).toBe(false);
    expect(startsWith(queryKeys.ticketAdmin.gameGroups, queryKeys.adminEvents.all)).toBe(false);
  });
});
