import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { ErrorAlert, errorMessage } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { formatNumber } from '@/lib/format';
import { useHandoverList } from '../api/get-handover-list';
import type { HandoverKind } from '@/lib/query-keys';
import { useVerifyCard } from '../api/verify-card';
import { memberNumberOf } from '../lib/card-token';
import { countEntries, filterEntries } from '../lib/handover';
import { CardScanner } from './card-scanner';
import { HandoverEntry } from './handover-entry';
import '../handover.css';

/**
 * The hand-over at the stand or in the bus: counters, the member card scanner, a search and the
 * list. A scanned card jumps to its member at once (the member number is in the card) while the
 * server checks the card.
 */
export function HandoverScreen({ kind, id }: { kind: HandoverKind; id: number }) {
  const list = useHandoverList(kind, id);
  const verify = useVerifyCard();
  const [search, setSearch] = useState('');
  const [scanned, setScanned] = useState<number | null>(null);
  const items = useMemo(() => list.data ?? [], [list.data]);
  const shown = useMemo(() => filterEntries(items, search), [items, search]);
  const counts = useMemo(() => countEntries(items), [items]);

  const onScan = (text: string) => {
    const number = memberNumberOf(text);
    setScanned(number);
    setSearch(number === null ? '' : String(number));
    verify.mutate(text);
  };
  const unit = kind === 'game' ? 'Tickets' : 'Plätze';

  if (list.isPending) return <LoadingSpinner label="Liste wird geladen…" />;
  if (list.isError) return <ErrorAlert error={list.error} title="Die Liste konnte nicht geladen werden." />;

  return (
    <div className="handover-screen">
      <div className="handover-counters d-flex flex-wrap gap-2 mb-3" role="status" aria-live="polite" data-testid="handover-counters">
        <span className="badge text-bg-primary fs-6">
          {formatNumber(counts.handedOver)} / {formatNumber(counts.entries)} ausgegeben
        </span>
        <span className="badge text-bg-light border fs-6">
          {formatNumber(counts.unitsHandedOver)} / {formatNumber(counts.units)} {unit}
        </span>
        <span className={`badge fs-6 ${counts.unpaid ? 'text-bg-danger' : 'text-bg-light border'}`}>
          unbezahlt: {formatNumber(counts.unpaid)}
        </span>
        {shown.length !== items.length ? (
          <span className="badge text-bg-light border fs-6">
            angezeigt: {formatNumber(shown.length)} von {formatNumber(items.length)}
          </span>
        ) : null}
      </div>

      <CardScanner onScan={onScan} />
      {verify.isPending ? <LoadingSpinner label="Ausweis wird geprüft…" size="sm" /> : null}
      {verify.isSuccess ? (
        <Alert variant="success" className="mt-2 mb-0" data-testid="card-check">
          Ausweis gültig: {verify.data.member.firstName} {verify.data.member.lastName} (Nr. {verify.data.member.memberNumber}), Saison{' '}
          {verify.data.season}.
        </Alert>
      ) : null}
      {verify.isError ? (
        <Alert variant="danger" className="mt-2 mb-0" data-testid="card-check">
          {errorMessage(verify.error)}
        </Alert>
      ) : null}

      <Form.Group controlId={`handover-search-${kind}-${id}`} className="mt-3">
        <Form.Label>Suche nach Name oder Mitgliedernummer</Form.Label>
        <Form.Control type="search" value={search} autoComplete="off" onChange={(e) => setSearch(e.target.value)} />
      </Form.Group>

      {items.length === 0 ? (
        <p className="mt-3">Noch keine {kind === 'game' ? 'Reservationen' : 'bestätigten Anmeldungen'}.</p>
      ) : shown.length === 0 ? (
        <p className="mt-3">Niemand passt zur Suche «{search}».</p>
      ) : (
        <ul className="list-group mt-3" aria-label={kind === 'game' ? 'Reservationen' : 'Anmeldungen'}>
          {shown.map((item) => (
            <HandoverEntry
              key={item.id}
              kind={kind}
              listId={id}
              item={item}
              highlighted={scanned !== null && item.member.memberNumber === scanned}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
