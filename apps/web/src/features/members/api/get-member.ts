import type {
  AddressOut,
  AdminMember,
  AuditEntry,
  InvoiceSummary,
  ItemEnvelope,
  MemberEventSubscription,
  MemberMail,
  MemberPayment,
  Membership,
  Phone,
  TicketReservation,
} from '@club/contract';
import { findExpand } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminMembersBase } from './common';
import * as queryKeys from '@/lib/query-keys';

export interface MemberDetail {
  member: AdminMember;
  memberships: Membership[];
  phones: Phone[];
  addresses: AddressOut[];
  invoices: InvoiceSummary[];
  auditLog: AuditEntry[];
  ticketReservations: TicketReservation[];
  eventSubscriptions: MemberEventSubscription[];
  payments: MemberPayment[];
  mails: MemberMail[];
}

/** `GET /api/v1/admin/members/{id}?expands=*`: the member with every group of `adminMemberExpands`. */
export async function getMember(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<MemberDetail> {
  const envelope = await api.get<ItemEnvelope<AdminMember>>(`${adminMembersBase}/${encodeURIComponent(id)}`, {
    params: { expands: '*' },
    signal,
  });
  return {
    member: envelope.data,
    memberships: findExpand<Membership>(envelope, 'memberships'),
    phones: findExpand<Phone>(envelope, 'phones'),
    addresses: findExpand<AddressOut>(envelope, 'addresses'),
    invoices: findExpand<InvoiceSummary>(envelope, 'invoices'),
    auditLog: findExpand<AuditEntry>(envelope, 'auditlog'),
    ticketReservations: findExpand<TicketReservation>(envelope, 'ticketreservations'),
    eventSubscriptions: findExpand<MemberEventSubscription>(envelope, 'eventsubscriptions'),
    payments: findExpand<MemberPayment>(envelope, 'payments'),
    mails: findExpand<MemberMail>(envelope, 'mails'),
  };
}

export function memberQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.members.detail(id), queryFn: ({ signal }) => getMember(id, { signal }) });
}

export function useMember(id: number, enabled = true) {
  return useQuery({ ...memberQueryOptions(id), enabled });
}
