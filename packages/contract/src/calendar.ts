import './locale.ts';
import { z } from 'zod';
import { isoDateTime } from './common.ts';

/**
 * `GET/POST /api/v1/member/calendar`: the member's private calendar feed. Its URL holds a secret
 * and is shown only in the answer that made it (`POST`); a new one revokes the old.
 */
export const calendarFeedSchema = z.object({
  active: z.boolean(),
  createdAt: isoDateTime.nullable(),
  /** https address of the private feed (only when just made) */
  url: z.string().nullable(),
  /** the same as webcal:// for a phone's calendar */
  webcalUrl: z.string().nullable(),
  /** the public feed of all club events */
  publicUrl: z.string(),
  publicWebcalUrl: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** `GET /api/v1/calendar/{token}.ics`: the secret is 43 base64url characters. */
export const calendarTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'Ungültiger Kalender-Link.' }),
});
