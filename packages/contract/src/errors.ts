import './locale.ts';
import { z } from 'zod';

/** Stable error codes on the wire; the HTTP status belongs to the code. */
export const errorStatus = {
  BAD_REQUEST: 400,
  MALFORMED_JSON: 400,
  NOT_LOGGED_IN: 401,
  FORBIDDEN: 403,
  CSRF_REJECTED: 403,
  /** A board route for a session whose login did not include the second factor, where the board needs one. */
  SECOND_FACTOR_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  ALREADY_EXISTS: 409,
  ALREADY_DECIDED: 409,
  QUOTA_EXCEEDED: 409,
  SALES_CLOSED: 409,
  DEADLINE_PASSED: 409,
  IN_USE: 409,
  LAST_BOARD_MEMBER: 409,
  INVOICE_PAID: 409,
  /** Accepting an application that may be a person known already, without the board's confirmation. */
  POSSIBLE_DUPLICATE: 409,
  /** Committing a member import while rows with errors remain, without `skipErrors`. */
  IMPORT_HAS_ERRORS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  CARD_INVALID: 422,
  CARD_EXPIRED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
  BUSY: 503,
  /** The database's or the server's disk is full (SQLSTATE 53100, ENOSPC): nothing was written. */
  DISK_FULL: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** What the refusal is about, where the client needs more than a sentence (POSSIBLE_DUPLICATE: `{duplicates}`). */
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
