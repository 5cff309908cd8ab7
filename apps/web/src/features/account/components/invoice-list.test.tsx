// @vitest-environment happy-dom
import type { InvoiceSummary } from '@club/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ownMember, renderWithApp, sessionRoute } from '@/test/fake-api';
import { todayInZurich } from '@/lib/format';
import { InvoiceList } from './invoice-list';

/** An ISO date `days` from Zurich's today. */
function fromToday(days: number): string {
  const d = new Date(`${todayInZurich()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const deCh = (iso: string) => iso.split('-').reverse().join('.');

const invoice = (overrides: Partial<InvoiceSummary>): InvoiceSummary => ({
  id: 1,
  number: '2026-00012',
  memberId: 1,
  title: 'Mitgliederbeitrag 2026/27',
  kind: 'MEMBERSHIP_FEE',
  invoiceDate: fromToday(-40),
  dueDate: fromToday(-10),
  lines: [{ text: 'Mitgliederbeitrag Saison 2026/27', amount: { currency: 'CHF', amount: 60 } }],
  total: { currency: 'CHF', amount: 60 },
  status: 'OPEN',
  reference: '000000000000202600012000000011',
  paidAt: null,
  paidAmount: { currency: 'CHF', amount: 0 },
  reminderLevel: 0,
  currentDueDate: fromToday(-10),
  ...overrides,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the member's invoices", () => {
  it('are cards, each with its facts and its PDF button', () => {
    fakeApi(sessionRoute(ownMember()));
    renderWithApp(<InvoiceList invoices={[invoice({})]} />);
    const card = screen.getByRole('article', { name: 'Mitgliederbeitrag 2026/27' });
    expect(card.textContent).toContain('Rechnung 2026-00012');
    expect(card.textContent).toContain(`Fällig am${deCh(fromToday(-10))}`);
    expect(within(card).getByText('Überfällig')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Rechnung 2026-00012 als PDF herunterladen' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("after a reminder, show the reminder's new deadline, not overdue before it", () => {
    fakeApi(sessionRoute(ownMember()));
    renderWithApp(<InvoiceList invoices={[invoice({ reminderLevel: 1, currentDueDate: fromToday(4) })]} />);
    const card = screen.getByRole('article', { name: 'Mitgliederbeitrag 2026/27' });
    expect(card.textContent).toContain(`Fällig am${deCh(fromToday(4))}neue Frist der 1. Mahnstufe`);
    expect(card.textContent).not.toContain(deCh(fromToday(-10)));
    expect(within(card).queryByText('Überfällig')).toBeNull();
  });

  it('a paid one shows its own due date and the payment date', () => {
    fakeApi(sessionRoute(ownMember()));
    renderWithApp(
      <InvoiceList invoices={[invoice({ status: 'PAID', paidAt: fromToday(-2), reminderLevel: 1, currentDueDate: fromToday(4) })]} />,
    );
    const card = screen.getByRole('article', { name: 'Mitgliederbeitrag 2026/27' });
    expect(card.textContent).toContain(`Fällig am${deCh(fromToday(-10))}`);
    expect(card.textContent).toContain(`Bezahltam ${deCh(fromToday(-2))}`);
    expect(within(card).queryByText('Überfällig')).toBeNull();
  });
});
