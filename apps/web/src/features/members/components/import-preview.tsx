import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router-dom';
import type { ImportRow, ImportRowStatus, MemberImport } from '@club/contract';
import { SectionCard } from '@/components/ui/section-card';
import { paths } from '@/config/paths';
import { formatCount, formatDate, formatNumber } from '@/lib/format';
import { useUpdateMemberImport } from '../api/member-imports';

const STATUS: Record<ImportRowStatus, { label: string; plural: string; bg: string; text?: 'dark' }> = {
  NEW: { label: 'neu', plural: 'neu', bg: 'success' },
  UPDATE: { label: 'Aktualisierung', plural: 'Aktualisierungen', bg: 'info', text: 'dark' },
  DUPLICATE: { label: 'Duplikat', plural: 'Duplikate', bg: 'secondary' },
  ERROR: { label: 'Fehler', plural: 'Fehler', bg: 'danger' },
};
const PAGE = 100;

function RowLine({ row, data }: { row: ImportRow; data: MemberImport }) {
  const update = useUpdateMemberImport(data.id);
  const v = row.values;
  const status = STATUS[row.status];
  const place = [v.postalCode, v.city].filter(Boolean).join(' ');
  // A birth date the server refused is shown as written in the file.
  const birth = row.errors.some((e) => e.field === 'dateOfBirth') ? v.dateOfBirth : v.dateOfBirth && formatDate(v.dateOfBirth);
  return (
    <ListGroup.Item as="li">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="text-body-secondary small">Zeile {row.row}</span>
        <Badge bg={status.bg} {...(status.text ? { text: status.text } : {})}>
          {status.label}
        </Badge>
        <strong>{[v.firstName, v.lastName].filter(Boolean).join(' ') || '(ohne Namen)'}</strong>
      </div>
      <div className="small text-break">
        {[v.memberNumber ? `Nr. ${v.memberNumber}` : '', v.email, place, birth ? `geb. ${birth}` : '', v.mobile]
          .filter(Boolean)
          .join(' · ')}
      </div>
      {row.note ? <div className="small">{row.note}</div> : null}
      {row.memberId ? (
        <div className="small d-flex flex-wrap align-items-center gap-2 mt-1">
          <Link to={paths.memberAdmin.href(row.memberId)}>{row.memberName ?? 'Mitglied'} ansehen</Link>
          {row.status !== 'DUPLICATE' || row.note?.startsWith('Entspricht') ? (
            <Form.Select
              size="sm"
              className="w-auto"
              aria-label={`Zeile ${row.row}: bestehendes Mitglied aktualisieren oder überspringen`}
              value={row.action ?? 'SKIP'}
              disabled={update.isPending}
              onChange={(event) =>
                update.mutate({
                  mapping: data.mapping,
                  seasonId: data.seasonId,
                  categoryId: data.categoryId,
                  invite: data.invite,
                  rowActions: { [String(row.row)]: event.target.value as 'UPDATE' | 'SKIP' },
                })
              }
            >
              <option value="UPDATE">aktualisieren</option>
              <option value="SKIP">überspringen</option>
            </Form.Select>
          ) : null}
        </div>
      ) : null}
      {row.errors.length ? (
        <ul className="small text-danger mb-0 mt-1">
          {row.errors.map((e) => (
            <li key={`${e.field}-${e.message}`}>{e.message}</li>
          ))}
        </ul>
      ) : null}
    </ListGroup.Item>
  );
}

/** Step 3: every row with its status and reasons, filterable by status. */
export function ImportPreview({ data }: { data: MemberImport }) {
  const [filter, setFilter] = useState<ImportRowStatus | ''>('');
  const [shown, setShown] = useState(PAGE);
  const rows = filter ? data.preview.filter((r) => r.status === filter) : data.preview;
  const counts: [ImportRowStatus, number][] = [
    ['NEW', data.counts.new],
    ['UPDATE', data.counts.update],
    ['DUPLICATE', data.counts.duplicate],
    ['ERROR', data.counts.error],
  ];
  return (
    <SectionCard id="import-preview" title="3. Vorschau">
      <p aria-live="polite">
        {formatCount(data.rows, 'Zeile', 'Zeilen')}: {counts.map(([s, n]) => formatCount(n, STATUS[s].label, STATUS[s].plural)).join(', ')}.
      </p>
      <Form.Group controlId="import-filter" className="mb-2">
        <Form.Label>Zeilen zeigen</Form.Label>
        <Form.Select
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value as ImportRowStatus | '');
            setShown(PAGE);
          }}
        >
          <option value="">alle ({formatNumber(data.rows)})</option>
          {counts.map(([s, n]) => (
            <option key={s} value={s}>
              {STATUS[s].label} ({formatNumber(n)})
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {rows.length === 0 ? <p>Keine Zeilen mit diesem Status.</p> : null}
      <ListGroup as="ul" className="mb-2">
        {rows.slice(0, shown).map((row) => (
          <RowLine key={row.row} row={row} data={data} />
        ))}
      </ListGroup>
      {rows.length > shown ? (
        <Button variant="outline-secondary" size="sm" onClick={() => setShown(shown + PAGE)}>
          {formatCount(Math.min(PAGE, rows.length - shown), 'weitere Zeile', 'weitere Zeilen')} zeigen
        </Button>
      ) : null}
    </SectionCard>
  );
}
