import type { Request } from 'express';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Ctx } from './ctx.ts';
import type { Logger } from './logger.ts';

/** What the app factory hands to every feature. */
export interface Deps {
  config: Config;
  database: Database;
  log: Logger;
  /** Wall clock; tests may pin it. */
  clock: () => Date;
}

/** The service context of one request; its logger is the request's, made when first used. */
export function ctxOf(deps: Deps, req: Request): Ctx {
  return {
    db: deps.database.prisma,
    get log() {
      return req.log;
    },
    actor: req.actor ?? null,
    now: deps.clock(),
  };
}
