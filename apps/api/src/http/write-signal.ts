import type { RequestHandler } from 'express';
import onHeaders from 'on-headers';
import type { WriteSignal } from '../lib/write-signal.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Signals every successful write request (POST, PUT, PATCH, DELETE answered below 400) when its
 * answer's headers are written: after the transaction committed, before the client can see it.
 * A refused write changed nothing (all or nothing, DESIGN.md §4) and signals nothing.
 */
export function signalWrites(signal: WriteSignal): RequestHandler {
  return (req, res, next) => {
    if (!READS.has(req.method)) {
      onHeaders(res, () => {
        if (res.statusCode < 400) signal.changed();
      });
    }
    next();
  };
}
