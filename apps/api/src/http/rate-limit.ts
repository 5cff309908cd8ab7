import type { Request, Response } from 'express';
import { rateLimit, type Options } from 'express-rate-limit';
import type { ErrorBody } from '@club/contract';

/**
 * An IPv6 client counts by its /64 network: one connection usually holds a whole /64, so
 * counting single addresses would let it take a new address for every request.
 */
export const IPV6_SUBNET = 64;

/**
 * A per-client limit for a public route (counted in this process's memory; with several
 * instances each counts on its own). The client is the source address, or with TRUST_PROXY
 * the address the proxies name (X-Forwarded-For). Refused requests get 429 with
 * Retry-After and the German message in the error envelope.
 */
export function clientLimit(
  options: { windowMs: number; limit: number; message: string } & Pick<Partial<Options>, 'skipFailedRequests' | 'skipSuccessfulRequests'>,
) {
  const body: ErrorBody = { error: { code: 'RATE_LIMITED', message: options.message } };
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    ipv6Subnet: IPV6_SUBNET,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(options.skipFailedRequests ? { skipFailedRequests: true } : {}),
    ...(options.skipSuccessfulRequests ? { skipSuccessfulRequests: true } : {}),
    handler: (_req: Request, res: Response) => {
      res
        .set('Retry-After', String(Math.ceil(options.windowMs / 1000)))
        .status(429)
        .json(body);
    },
  });
}
