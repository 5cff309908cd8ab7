import { INVOICE_STATUSES, INVOICE_STATUS_LABEL, type SeasonOption } from '@club/contract';
import { useCallback } from 'react';
import Form from 'react-bootstrap/Form';
import { useSearchForm } from '@/lib/forms';
import type { InvoiceFilter } from '../api/get-invoices';
import { KIND_LABEL } from '../lib/labels';

interface InvoiceFiltersProps {
  filter: InvoiceFilter;
  seasons: readonly SeasonOption[];
  onChange: (next: Partial<InvoiceFilter>) => void;
}

/** Season, kind, status, overdue and a search by name or number; every change starts at page 1. */
export function InvoiceFilters({ filter, seasons, onChange }: InvoiceFiltersProps) {
  const search = useSearchForm(
    filter.q,
    useCallback((q: string) => onChange({ q }), [onChange]),
  );

  return (
    <Form
      role="search"
      aria-label="Rechnungen filtern"
      className="row g-2 align-items-end mb-3"
      noValidate
      onSubmit={(event) => void search.submit(event)}
    >
      <Form.Group className="col-12 col-md-6 col-xl-3" controlId="invoice-search">
        <Form.Label>Name oder Rechnungsnummer</Form.Label>
        <Form.Control type="search" maxLength={100} autoComplete="off" isInvalid={Boolean(search.error)} {...search.field} />
        {search.error ? <Form.Control.Feedback type="invalid">{search.error}</Form.Control.Feedback> : null}
      </Form.Group>
      <Form.Group className="col-6 col-md-3 col-xl-2" controlId="invoice-season">
        <Form.Label>Saison</Form.Label>
        <Form.Select
          value={filter.seasonId ?? ''}
          onChange={(event) => onChange({ seasonId: event.target.value ? Number(event.target.value) : undefined })}
        >
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
        <Form.Select
          value={filter.kind ?? ''}
          onChange={(event) => onChange({ kind: (event.target.value || undefined) as InvoiceFilter['kind'] })}
        >
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
        <Form.Select
          value={filter.status ?? ''}
          onChange={(event) => onChange({ status: (event.target.value || undefined) as InvoiceFilter['status'] })}
        >
          <option value="">Ohne stornierte</option>
          {INVOICE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {INVOICE_STATUS_LABEL[status]}
            </option>
          ))}
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
