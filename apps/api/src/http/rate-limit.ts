import type { NextFunction, Request, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Options } from 'express-rate-limit';
import { AppError } from '../lib/app-error.ts';

/**
 * An IPv6 client counts by its /64 network: one connection usually holds a whole /64, so
 * counting single addresses would let it take a new address for every request.
 */
export const IPV6_SUBNET = 64;

/**
 * The key a client counts under in a limit kept in the database (failed logins, the
 * forgotten-password form): its address, an IPv6 address as its /64 network, as clientLimit counts.
 */
export function clientKey(ip: string | undefined): string {
  return ip ? ipKeyGenerator(ip, IPV6_SUBNET) : 'unknown';
}

/**
 * A per-client limit for a public route (counted in this process's memory; with several
 * instances each counts on its own). The client is the source address, or with TRUST_PROXY
 * the address the proxies name (X-Forwarded-For). Refused requests get 429 with
 * Retry-After and the German message, answered by the one error handler.
 */
export function clientLimit(
  options: { windowMs: number; limit: number; message: string } & Pick<Partial<Options>, 'skipFailedRequests' | 'skipSuccessfulRequests'>,
) {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    ipv6Subnet: IPV6_SUBNET,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(options.skipFailedRequests ? { skipFailedRequests: true } : {}),
    ...(options.skipSuccessfulRequests ? { skipSuccessfulRequests: true } : {}),
    handler: (_req: Request, res: Response, next: NextFunction) => {
      res.set('Retry-After', String(Math.ceil(options.windowMs / 1000)));
      next(new AppError('RATE_LIMITED', options.message));
    },
  });
}
