import type { AddressOut, AuditChange, AuditEntry, AuditValue, Membership, Phone, Role } from '@club/contract';
import { toIsoDate } from '../../lib/dates.ts';
import type { AuditRow, OwnMemberRow } from './members.repository.ts';

type AddressRow = OwnMemberRow['addresses'][number];
type PhoneRow = OwnMemberRow['phones'][number];
type MembershipRow = OwnMemberRow['memberships'][number];

export function toAddress(a: AddressRow): AddressOut {
  return {
    id: a.id,
    street: a.street,
    houseNumber: a.houseNumber,
    addressLine2: a.addressLine2,
    postalCode: a.postalCode,
    city: a.city,
    country: a.country,
    validFrom: toIsoDate(a.validFrom),
    validTo: a.validTo ? toIsoDate(a.validTo) : null,
    current: a.current,
  };
}

export function toPhone(p: PhoneRow): Phone {
  return { id: p.id, type: p.type, number: p.number };
}

export function toMembership(m: MembershipRow): Membership {
  return {
    id: m.id,
    seasonId: m.seasonId,
    seasonName: m.season.name,
    validFrom: toIsoDate(m.validFrom),
    validTo: toIsoDate(m.validTo),
    parkingPermit: m.parkingPermit,
    categoryId: m.categoryId,
    categoryName: m.category.name,
  };
}

export function rolesOf(row: { roles: { role: Role }[] }): Role[] {
  return row.roles.map((r) => r.role).sort();
}

function auditValue(v: unknown): AuditValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return JSON.stringify(v);
}

/** An audit row for the screen: the changes (field, before, after) and the other facts it recorded. */
export function toAuditEntry(row: AuditRow, actorNames: ReadonlyMap<number, string>): AuditEntry {
  const data = (row.data && typeof row.data === 'object' && !Array.isArray(row.data) ? row.data : {}) as Record<string, unknown>;
  const changes: AuditChange[] = Array.isArray(data.changes)
    ? (data.changes as unknown[]).flatMap((c) => {
        if (!c || typeof c !== 'object') return [];
        const { field, before, after } = c as Record<string, unknown>;
        return typeof field === 'string' ? [{ field, before: auditValue(before), after: auditValue(after) }] : [];
      })
    : [];
  const details: Record<string, AuditValue> = {};
  for (const [key, value] of Object.entries(data)) if (key !== 'changes') details[key] = auditValue(value);
  return {
    id: row.id.toString(),
    createdAt: row.createdAt.toISOString(),
    actor: row.actorId === null ? null : { id: row.actorId, name: actorNames.get(row.actorId) ?? `Mitglied ${row.actorId}` },
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    changes,
    details,
  };
}
