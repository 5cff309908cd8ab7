import './locale.ts';
import { z } from 'zod';
import { idParam } from './common.ts';

/** The season reports of `GET /api/v1/admin/seasons/{id}/{type}/.xlsx|.pdf` (docs/domain-rules.md «Reports»). */
export const reportTypes = [
  'members',
  'membershipfees',
  'parkingfees',
  'ticketreservations',
  'eventsubscriptions',
  'ticketfees',
  'payments',
] as const;
export type ReportType = (typeof reportTypes)[number];

export const reportFormats = ['xlsx', 'pdf'] as const;
export type ReportFormat = (typeof reportFormats)[number];

/**
 * Path of a report download. `type` and `format` stay plain strings here: an unknown one
 * is a path that does not exist (404), not a malformed request.
 */
export const reportParamsSchema = z.object({
  id: idParam,
  type: z.string().max(40),
  format: z.string().max(10),
});

export function isReportType(value: string): value is ReportType {
  return (reportTypes as readonly string[]).includes(value);
}
export function isReportFormat(value: string): value is ReportFormat {
  return (reportFormats as readonly string[]).includes(value);
}

/** `/api/v1/admin/seasons/7/members/.xlsx` */
export function reportPath(seasonId: number, type: ReportType, format: ReportFormat): string {
  return `/api/v1/admin/seasons/${seasonId}/${type}/.${format}`;
}
