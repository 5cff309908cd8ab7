import { isCleanText } from '@club/contract';
import { errors, type Adapter, type AdapterFactory, type AdapterPayload } from 'oidc-provider';
import type { DbOrTx } from '../../lib/ctx.ts';
import {
  deleteOidcPayloads,
  findOidcPayload,
  findOidcPayloadBy,
  markOidcPayloadConsumed,
  upsertOidcPayload,
  type OidcPayloadRow,
} from './idp.repository.ts';

/**
 * oidc-provider storage in table oidc_payloads, one row per (model, id): sessions,
 * interactions, grants, codes, tokens, replay records. Expiry is the provider's own
 * wall clock (it stamps its artefacts with Date.now()); expired rows read as absent and
 * are removed by the cleanup of the auth feature.
 */
export function prismaAdapter(db: DbOrTx): AdapterFactory {
  return (name: string) => new PrismaOidcAdapter(db, name);
}

/**
 * Whether a key a client sent (client_id, code, token, uid…) can be looked up at all: keys
 * with NUL, control characters or lone surrogates, or longer than any the provider makes,
 * exist nowhere, and PostgreSQL would refuse them with an error (22021) instead.
 */
function lookupable(key: string): boolean {
  return typeof key === 'string' && key.length > 0 && key.length <= 512 && isCleanText(key);
}

/** Whether a payload can be stored as JSON (jsonb refuses NUL and lone surrogates). */
function storable(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isCleanText(value);
  if (value === null || typeof value !== 'object') return true;
  if (depth > 20) return false;
  return Object.entries(value).every(([k, v]) => isCleanText(k) && storable(v, depth + 1));
}

export class PrismaOidcAdapter implements Adapter {
  constructor(
    private readonly db: DbOrTx,
    private readonly type: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    // What a client sent (state, nonce, redirect parameters) ends up in payloads: refused as a bad request.
    if (!storable(payload)) throw new errors.InvalidRequest('request contains invalid characters');
    await upsertOidcPayload(
      this.db,
      { type: this.type, id },
      {
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      },
    );
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    if (!lookupable(id)) return undefined;
    return this.read(await findOidcPayload(this.db, this.type, id));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    if (!lookupable(uid)) return undefined;
    return this.read(await findOidcPayloadBy(this.db, this.type, { uid }));
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    if (!lookupable(userCode)) return undefined;
    return this.read(await findOidcPayloadBy(this.db, this.type, { userCode }));
  }

  async consume(id: string): Promise<void> {
    if (!lookupable(id)) return;
    await markOidcPayloadConsumed(this.db, this.type, id, new Date());
  }

  async destroy(id: string): Promise<void> {
    if (!lookupable(id)) return;
    await deleteOidcPayloads(this.db, this.type, { id });
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    if (!lookupable(grantId)) return;
    await deleteOidcPayloads(this.db, this.type, { grantId });
  }

  private read(row: OidcPayloadRow | null): AdapterPayload | undefined {
    if (!row) return undefined;
    if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }
}
