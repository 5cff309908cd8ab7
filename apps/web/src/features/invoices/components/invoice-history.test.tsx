// @vitest-environment happy-dom
import type { HistoryBankLine, InvoiceHistoryEntry } from '@club/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvoiceHistory } from './invoice-history';

const chf = (amount: number) => ({ currency: 'CHF' as const, amount });
const line: HistoryBankLine = {
  paymentId: 41,
  fileName: 'gutschriften.xml',
  importedAt: '2026-11-20T08:15:00.000Z',
  debtorName: 'ZWICKY RAHEL',
  reference: '',
  message: 'Beitrag',
  amount: { currency: 'CHF', amount: 80 },
  split: true,
};

const entries: InvoiceHistoryEntry[] = [
  { kind: 'CREATED', at: '2026-05-11T07:00:00.000Z', origin: 'MEMBERSHIP_FEE_RUN', actor: 'Karin Kassier' },
  {
    kind: 'MAILED',
    at: '2026-05-11T07:00:00.000Z',
    subject: 'Rechnung 2026-00012',
    to: 'rahel@example.org',
    status: 'SENT',
    sentAt: '2026-05-11T07:01:00.000Z',
    reminderLevel: null,
  },
  {
    kind: 'REMINDED',
    at: '2026-07-01T07:00:00.000Z',
    level: 2,
    levelTitle: '2. Mahnung',
    reminderDate: '2026-07-01',
    dueDate: '2026-07-15',
    openAmount: chf(70),
    fee: chf(10),
    actor: 'Karin Kassier',
  },
  {
    kind: 'PAYMENT',
    at: '2026-07-02T18:00:00.000Z',
    date: '2026-07-02',
    amount: chf(20),
    how: 'MANUAL',
    method: 'CASH',
    note: 'Bar am Stammtisch',
    actor: 'Karin Kassier',
    bankLine: null,
    undoPaymentId: null,
  },
  {
    kind: 'PAYMENT',
    at: '2026-07-03T09:00:00.000Z',
    date: '2026-07-03',
    amount: chf(50),
    how: 'ASSIGNED',
    method: null,
    note: '',
    actor: 'Karin Kassier',
    bankLine: line,
    undoPaymentId: 41,
  },
  { kind: 'CANCELLED', at: '2026-07-04T09:00:00.000Z', actor: 'Beat Präsident' },
];

afterEach(cleanup);

describe('an invoice history', () => {
  it('tells each entry with its time, what happened and who did it', () => {
    render(<InvoiceHistory entries={entries} onUndo={() => undefined} />);
    const items = screen.getAllByTestId('history-entry');
    expect(items.map((i) => i.dataset.kind)).toEqual(['CREATED', 'MAILED', 'REMINDED', 'PAYMENT', 'PAYMENT', 'CANCELLED']);
    const text = (i: number) => (items[i]!.textContent ?? '').replace(/\s+/g, ' ');
    expect(text(0)).toContain('Rechnung erstellt');
    expect(text(0)).toContain('durch den Rechnungslauf Mitgliederbeiträge von Karin Kassier');
    expect(text(1)).toContain('an rahel@example.org: «Rechnung 2026-00012»');
    expect(text(2)).toContain('2. Mahnung vom 01.07.2026');
    expect(text(2)).toContain('neue Frist 15.07.2026');
    expect(text(2)).toContain('Mahngebühr CHF 10.00 als Position hinzugefügt');
    expect(text(3)).toContain('Zahlung CHF 20.00 am 02.07.2026');
    expect(text(3)).toContain('von Hand erfasst von Karin Kassier, Zahlungsart Bar');
    expect(text(3)).toContain('Notiz: «Bar am Stammtisch»');
    expect(text(4)).toContain('vom Vorstand zugeordnet von Karin Kassier');
    expect(text(4)).toContain('von ZWICKY RAHEL («Beitrag»), aufgeteilt auf mehrere Rechnungen');
    expect(text(5)).toContain('Rechnung storniert');
    expect(text(5)).toContain('von Beat Präsident');
  });

  it('offers the undo of a booking still in force, and only there', async () => {
    const onUndo = vi.fn();
    render(<InvoiceHistory entries={entries} onUndo={onUndo} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(1);
    const booked = screen.getAllByTestId('history-entry')[4]!;
    await userEvent.click(within(booked).getByRole('button', { name: /^Rückgängig machen: die Buchung der Gutschrift über CHF\s50\.00$/ }));
    expect(onUndo).toHaveBeenCalledWith(expect.objectContaining({ paymentId: 41 }));
  });
});
