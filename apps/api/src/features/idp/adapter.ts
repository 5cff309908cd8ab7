import { isCleanText } from '@club/contract';
import { errors, type Adapter, type AdapterFactory, type AdapterPayload } from 'oidc-provider';
import type { PrismaClient } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

/**
 * oidc-provider storage in table oidc_payloads, one row per (model, id): sessions,
 * interactions, grants, codes, tokens, replay records. Expiry is the provider's own
 * wall clock (it stamps its artefacts with Date.now()); expired rows read as absent and
 * are removed by the cleanup of the auth feature.
 */
export function prismaAdapter(db: PrismaClient): AdapterFactory {
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
    private readonly db: PrismaClient,
    private readonly type: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    // What a client sent (state, nonce, redirect parameters) ends up in payloads: refused as a bad request.
    if (!storable(payload)) throw new errors.InvalidRequest('request contains invalid characters');
    const data = {
      payload: payload as Prisma.InputJsonValue,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.db.oidcPayload.upsert({
      where: { type_id: { type: this.type, id } },
      create: { type: this.type, id, ...data },
      update: { ...data, consumedAt: null },
    });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    if (!lookupable(id)) return undefined;
    return this.read(await this.db.oidcPayload.findUnique({ where: { type_id: { type: this.type, id } } }));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    if (!lookupable(uid)) return undefined;
    return this.read(await this.db.oidcPayload.findFirst({ where: { type: this.type, uid } }));
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    if (!lookupable(userCode)) return undefined;
    return this.read(await this.db.oidcPayload.findFirst({ where: { type: this.type, userCode } }));
  }

  async consume(id: string): Promise<void> {
    if (!lookupable(id)) return;
    await this.db.oidcPayload.updateMany({ where: { type: this.type, id }, data: { consumedAt: new Date() } });
  }

  async destroy(id: string): Promise<void> {
    if (!lookupable(id)) return;
    await this.db.oidcPayload.deleteMany({ where: { type: this.type, id } });
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    if (!lookupable(grantId)) return;
    await this.db.oidcPayload.deleteMany({ where: { type: this.type, grantId } });
  }

  private read(row: { payload: Prisma.JsonValue; expiresAt: Date | null; consumedAt: Date | null } | null): AdapterPayload | undefined {
    if (!row) return undefined;
    if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }
}
