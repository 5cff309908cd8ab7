// @vitest-environment happy-dom
import type { AdminDeliveryOption } from '@club/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ownMember, renderWithApp, sessionRoute, type Routes } from '@/test/fake-api';
import DeliveryOptionPage from './delivery-option-page';

const base = '/api/v1/admin/deliveryoptions/';
const post: AdminDeliveryOption = { id: 1, name: 'Post', fee: { currency: 'CHF', amount: 5 }, gameGroupCount: 2, reservationCount: 3 };
const pickUp: AdminDeliveryOption = {
  id: 2,
  name: 'Abholen am Fanstand',
  fee: { currency: 'CHF', amount: 0 },
  gameGroupCount: 0,
  reservationCount: 0,
};

function board(routes: Routes) {
  return fakeApi({ ...sessionRoute(ownMember({ roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] })), ...routes });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('deleting a delivery option', () => {
  it('when the option is in use, then the dialog says so with the counts before anything is sent, and the delete stays disabled', async () => {
    let reads = 0;
    const { requests } = board({
      [`GET ${base}`]: () => {
        reads += 1;
        // The second read (when the dialog opens) finds one more reservation.
        return { status: 200, body: { data: [{ data: { ...post, reservationCount: reads > 1 ? 4 : 3 } }, { data: pickUp }] } };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<DeliveryOptionPage />);
    expect(await screen.findByText('Verwendet: 2 Spielegruppen und 3 Reservationen')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Post löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zustelloption löschen' });
    await waitFor(() =>
      expect(dialog.textContent).toContain('Die Zustelloption «Post» wird noch verwendet (2 Spielegruppen und 4 Reservationen)'),
    );
    expect(dialog.textContent).toContain('kann nicht gelöscht werden');
    expect((within(dialog).getByRole('button', { name: 'Löschen' }) as HTMLButtonElement).disabled).toBe(true);
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);
  });

  it('when it is not used, then the board confirms, it is deleted and a toast says so', async () => {
    const { requests } = board({
      [`GET ${base}`]: { status: 200, body: { data: [{ data: post }, { data: pickUp }] } },
      [`DELETE ${base}2`]: { status: 204 },
    });
    const user = userEvent.setup();
    renderWithApp(<DeliveryOptionPage />);
    await user.click(await screen.findByRole('button', { name: 'Abholen am Fanstand löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zustelloption löschen' });
    expect(dialog.textContent).toContain('Soll die Zustelloption «Abholen am Fanstand» gelöscht werden?');
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([`${base}2`]);
    expect(screen.getByRole('status').textContent).toBe('Zustelloption «Abholen am Fanstand» gelöscht.');
  });
});
