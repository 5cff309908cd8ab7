import type { SeasonOption } from '@club/contract';
import { useEffect, useState } from 'react';
import Form from 'react-bootstrap/Form';
import type { InvoiceFilter } from '../api/get-invoices';
import { KIND_LABEL } from '../lib/labels';

/** Typing waits this long before it searches. */
const DEBOUNCE_MS = 300;

interface InvoiceFiltersProps {
  filter: InvoiceFilter;
  seasons: readonly SeasonOption[];
  onChange: (next: Partial<InvoiceFilter>) => void;
}

/** Season, kind, status, overdue and a search by name or number; every change starts at page 1. */
export function InvoiceFilters({ filter, seasons, onChange }: InvoiceFiltersProps) {
  const [text, setText] = useState(filter.q);
  // Back and forward change the address: the field follows.
  const [shownQ, setShownQ] = useState(filter.q);
  if (filter.q !== shownQ) {
    setShownQ(filter.q);
    setText(filter.q);
  }
  useEffect(() => {
    if (text === filter.q) return;
    const timer = window.setTimeout(() => onChange({ q: text }), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, filter.q, onChange]);

  return (
    <Form
      role="search"
      aria-label="Rechnungen filtern"
      className="row g-2 align-items-end mb-3"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ q: text });
      }}
    >
      <Form.Group className="col-12 col-md-6 col-xl-3" controlId="invoice-search">
        <Form.Label>Name oder Rechnungsnummer</Form.Label>
        <Form.Control type="search" value={text} maxLength={100} autoComplete="off" onChange={(event) => setText(event.target.value)} />
      </Form.Group>
      <Form.Group className="col-6 col-md-3 col-xl-2" controlId="invoice-season">
        <Form.Label>Saison</Form.Label>
        <Form.Select value={filter.seasonId ?? ''} onChange={(event) => onChange({ seasonId: event.target.value ? Number(event.target.value) : undefined })}>
          <option value="">Alle Saisons</option>
          {seasons.map((season) => (
            <option key={season.id} value={season.id}>
              {season.name}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="col-6 col-md-3 col-xl-2" controlId="invoice-kind">
        <Form.Label>Art</Form.Label>
        <Form.Select value={filter.kind ?? ''} onChange={(event) => onChange({ kind: (event.target.value || undefined) as InvoiceFilter['kind'] })}>
          <option value="">Alle Arten</option>
          {Object.entries(KIND_LABEL).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="col-6 col-md-3 col-xl-3" controlId="invoice-status">
        <Form.Label>Status</Form.Label>
        <Form.Select value={filter.status ?? ''} onChange={(event) => onChange({ status: (event.target.value || undefined) as InvoiceFilter['status'] })}>
          <option value="">Ohne stornierte</option>
          <option value="OPEN">Offen</option>
          <option value="PAID">Bezahlt</option>
          <option value="CANCELLED">Storniert</option>
        </Form.Select>
      </Form.Group>
      <div className="col-6 col-md-3 col-xl-2 pb-md-2">
        <Form.Check
          type="switch"
          id="invoice-overdue"
          label="Nur überfällige"
          checked={filter.overdue === true}
          onChange={(event) => onChange({ overdue: event.target.checked ? true : undefined })}
        />
      </div>
      <button type="submit" className="visually-hidden">
        Suchen
      </button>
    </Form>
  );
}
