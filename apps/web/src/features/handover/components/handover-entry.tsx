import { INVOICE_STATUS_LABEL, type HandoverItem } from '@club/contract';
import Button from 'react-bootstrap/Button';
import { errorMessage } from '@/components/ui/error-alert';
import { formatCount, formatMoney, formatTime } from '@/lib/format';
import { useSetHandedOver } from '../api/hand-over';
import { collectOnSite, isFree, isUnpaid } from '../lib/handover';
import type { HandoverKind } from '@/lib/query-keys';

const units = (kind: HandoverKind, n: number) =>
  kind === 'game' ? formatCount(n, 'Ticket', 'Tickets') : formatCount(n, 'Platz', 'Plätze');

/** The one word for the money at the hand-over: «Kostenlos», «Bezahlt» (the invoice badge's word) or «Unbezahlt». */
function paymentWord(item: HandoverItem): { text: string; className: string } {
  if (isFree(item)) return { text: 'Kostenlos', className: 'badge text-bg-light border' };
  if (isUnpaid(item)) return { text: 'Unbezahlt', className: 'badge text-bg-danger' };
  return { text: INVOICE_STATUS_LABEL.PAID, className: 'badge text-bg-success' };
}

/** One member's tickets or places: what, how much, paid or not, and «Ausgeben», then «ausgegeben um 19:42» with «Rückgängig». */
export function HandoverEntry({
  kind,
  listId,
  item,
  highlighted,
}: {
  kind: HandoverKind;
  listId: number;
  item: HandoverItem;
  highlighted: boolean;
}) {
  const handover = useSetHandedOver(kind, listId, item.id);
  const given = item.handedOverAt !== null;
  const unpaid = isUnpaid(item);
  const name = `${item.member.firstName} ${item.member.lastName}`;
  const payment = paymentWord(item);
  return (
    <li
      className={`list-group-item handover-entry${unpaid ? ' handover-unpaid' : ''}${given ? ' handover-given' : ''}${highlighted ? ' handover-highlight' : ''}`}
      data-testid="handover-entry"
      aria-labelledby={`handover-${item.id}`}
    >
      <div className="d-flex justify-content-between align-items-start gap-2">
        <div className="min-w-0">
          <h3 id={`handover-${item.id}`} className="h6 mb-0">
            {name}
          </h3>
          <div className="small text-body-secondary">Nr. {item.member.memberNumber}</div>
        </div>
        <div className="text-end fw-semibold text-nowrap">{units(kind, item.amount)}</div>
      </div>
      <div className="small mt-1">
        {item.deliveryOption ? `${item.deliveryOption.name} · ` : null}
        {formatMoney(item.total)} <span className={payment.className}>{payment.text}</span>
        {collectOnSite(item) ? (
          <div className="fw-semibold" data-testid="handover-collect">
            Vor Ort einziehen: {formatMoney(item.total)}
          </div>
        ) : null}
      </div>
      <div className="d-flex align-items-center gap-2 mt-2">
        {given ? (
          <>
            <span className="text-success-emphasis fw-semibold small flex-grow-1" role="status">
              ✓ ausgegeben um {formatTime(item.handedOverAt)}
              {handover.isPaused || handover.isPending ? ' (wird gespeichert…)' : null}
            </span>
            <Button variant="outline-secondary" size="sm" onClick={() => handover.set(false)}>
              Rückgängig<span className="visually-hidden"> ({name})</span>
            </Button>
          </>
        ) : (
          <Button variant={unpaid ? 'warning' : 'success'} className="flex-grow-1" onClick={() => handover.set(true)}>
            Ausgeben<span className="visually-hidden"> ({name})</span>
          </Button>
        )}
      </div>
      {handover.error && !handover.isPending ? <div className="small text-danger mt-1">{errorMessage(handover.error)}</div> : null}
    </li>
  );
}
