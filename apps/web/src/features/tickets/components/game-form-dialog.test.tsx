// @vitest-environment happy-dom
import type { AdminGame } from '@club/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ownMember, renderWithApp, sessionRoute, type Routes, type SentRequest } from '@/test/fake-api';
import { GameFormDialog } from './game-form-dialog';

const game: AdminGame = {
  id: 9,
  gameGroupId: 3,
  start: '2027-01-12T18:45:00.000Z',
  opponent: 'EHCO',
  homeGame: false,
  venue: 'Kleinholz, Olten',
  salesOpenAt: null,
  salesCloseAt: null,
  salesOpen: true,
  salesState: 'OPEN',
  reserved: 0,
  ticketsLeft: 30,
  saleMode: 'FIRST_COME',
  drawAt: null,
  drawnAt: null,
  requested: 0,
  waiting: 0,
  reservationCount: 0,
};

function board(routes: Routes) {
  return fakeApi({ ...sessionRoute(ownMember({ roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] })), ...routes });
}
const writes = (requests: SentRequest[]) => requests.filter((r) => r.method !== 'GET');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Typing a whole game with user-event takes a few seconds on a busy machine.
const SLOW = 20_000;

describe('the opponent in the game form', () => {
  it(
    'is chosen from the teams with their logos (not our own), and saved as its code',
    async () => {
      const { requests } = board({
        'POST /api/v1/admin/gamegroups/3/games/': { status: 201, body: { data: { ...game, opponent: 'SCB' } } },
      });
      const user = userEvent.setup();
      renderWithApp(<GameFormDialog gameGroupId={3} show onClose={() => undefined} />);
      const dialog = await screen.findByRole('dialog', { name: 'Spiel hinzufügen' });
      const group = within(dialog).getByRole('group', { name: 'Gegner' });
      expect(within(group).queryByRole('radio', { name: 'ZSC' })).toBeNull();
      expect(within(group).getAllByRole('radio')).toHaveLength(14);
      const start = within(dialog).getByLabelText(/Spielbeginn \(Datum und Zeit\)/) as HTMLInputElement;
      expect(start.placeholder).toBe('TT.MM.JJJJ HH:MM');
      await user.type(start, '12.1.2027 19:45');
      await user.click(within(dialog).getByRole('button', { name: 'Spiel speichern' }));
      expect(await within(dialog).findByText('Gegner: Bitte ein Team wählen.')).toBeTruthy();
      expect(writes(requests)).toEqual([]);

      await user.click(within(group).getByRole('radio', { name: 'SCB' }));
      await user.click(within(dialog).getByRole('button', { name: 'Spiel speichern' }));
      await waitFor(() => expect(writes(requests)).toHaveLength(1));
      expect(writes(requests)[0]?.body).toMatchObject({ opponent: 'SCB', homeGame: true, start: '2027-01-12T18:45:00.000Z' });
      expect(screen.getByRole('status').textContent).toBe('Spiel hinzugefügt.');
    },
    SLOW,
  );

  it(
    '«Anderer Gegner» takes a typed code; a saved game of another team opens with it',
    async () => {
      const { requests } = board({ 'PUT /api/v1/admin/games/9': { status: 200, body: { data: game } } });
      const user = userEvent.setup();
      renderWithApp(<GameFormDialog gameGroupId={3} game={game} show onClose={() => undefined} />);
      const dialog = await screen.findByRole('dialog', { name: 'Spiel bearbeiten' });
      expect((within(dialog).getByRole('radio', { name: 'Anderer Gegner' }) as HTMLInputElement).checked).toBe(true);
      expect((within(dialog).getByLabelText(/Spielbeginn/) as HTMLInputElement).value).toBe('12.01.2027 19:45');
      const other = within(dialog).getByLabelText(/Teamcode des Gegners/) as HTMLInputElement;
      expect(other.value).toBe('EHCO');
      await user.clear(other);
      await user.type(other, 'hc ajoie');
      await user.click(within(dialog).getByRole('button', { name: 'Spiel speichern' }));
      expect(await within(dialog).findByText('Gegner: Bitte einen Teamcode aus 2 bis 8 Buchstaben angeben (z. B. SCB).')).toBeTruthy();
      expect(writes(requests)).toEqual([]);
      await user.clear(other);
      await user.type(other, 'hcv');
      await user.click(within(dialog).getByRole('button', { name: 'Spiel speichern' }));
      await waitFor(() => expect(writes(requests)).toHaveLength(1));
      expect(writes(requests)[0]?.body).toMatchObject({ opponent: 'HCV', homeGame: false, venue: 'Kleinholz, Olten' });
    },
    SLOW,
  );
});
