import { INVOICE_STATUSES } from '@club/contract';
import type { InvoiceFilter } from '../api/get-invoices';

const KINDS = ['MEMBERSHIP_FEE', 'PARKING_FEE', 'OTHER'] as const;

function positive(value: string | null): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 ? n : undefined;
}
function oneOf<T extends string>(list: readonly T[], value: string | null): T | undefined {
  return list.find((item) => item === value);
}

/** The filter lives in the address (back button, bookmarks). */
export function filterOf(params: URLSearchParams): InvoiceFilter {
  return {
    seasonId: positive(params.get('season')),
    kind: oneOf(KINDS, params.get('kind')),
    status: oneOf(INVOICE_STATUSES, params.get('status')),
    overdue: params.get('overdue') === 'true' ? true : undefined,
    q: params.get('q') ?? '',
    page: positive(params.get('page')) ?? 1,
  };
}

export function paramsOf(filter: InvoiceFilter): Record<string, string> {
  const out: Record<string, string> = {};
  if (filter.seasonId) out.season = String(filter.seasonId);
  if (filter.kind) out.kind = filter.kind;
  if (filter.status) out.status = filter.status;
  if (filter.overdue) out.overdue = 'true';
  if (filter.q.trim()) out.q = filter.q;
  if (filter.page > 1) out.page = String(filter.page);
  return out;
}
