import express, { type Request } from 'express';
import type Provider from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { PrismaClient } from '../../db/client.ts';
import type { DbOrTx } from '../../lib/ctx.ts';
import type { Logger } from '../../lib/logger.ts';

/** What the provider's own pages (login steps, mailed links) are built with. */
export interface IdpRouteDeps {
  config: Config;
  db: PrismaClient;
  log: Logger;
  clock: () => Date;
  provider: Provider;
  clubName: string;
  /** Ends every site session of a member (the auth feature's; the provider cannot import it). */
  endSiteSessions: (db: DbOrTx, memberId: number) => Promise<unknown>;
}

/** The pages' forms: small URL-encoded bodies. */
export const formBody = express.urlencoded({ extended: false, limit: '10kb', parameterLimit: 10 });

/** A text field of a posted form ('' when it is absent or not text). */
export function field(req: Request, name: string): string {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}
