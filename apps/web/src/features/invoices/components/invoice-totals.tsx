import type { InvoiceOverviewTotals as Totals } from '@club/contract';
import { formatMoney, formatNumber } from '@/lib/format';

/** Open amount, paid amount and overdue count of everything the filter selects (every page). */
export function InvoiceTotals({ totals, count }: { totals: Totals; count: number }) {
  const items = [
    { label: 'Offen', value: formatMoney(totals.openAmount), unit: '', className: 'border-warning' },
    { label: 'Bezahlt', value: formatMoney(totals.paidAmount), unit: '', className: 'border-success' },
    {
      label: 'Überfällig',
      value: formatNumber(totals.overdueCount),
      unit: totals.overdueCount === 1 ? 'Rechnung' : 'Rechnungen',
      className: totals.overdueCount ? 'border-danger' : '',
    },
    { label: 'Gefunden', value: formatNumber(count), unit: count === 1 ? 'Rechnung' : 'Rechnungen', className: '' },
  ];
  return (
    <ul className="row g-2 mb-3 list-unstyled invoice-totals" aria-label="Summen der gefilterten Rechnungen">
      {items.map((item) => (
        <li key={item.label} className="col-6 col-lg-3">
          <div className={`border border-2 rounded p-2 h-100 ${item.className}`}>
            <span className="d-block small text-body-secondary">{item.label}</span>
            <span className="fs-5 fw-semibold text-nowrap">{item.value}</span>
            {item.unit ? <span> {item.unit}</span> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
