import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
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

export class PrismaOidcAdapter implements Adapter {
  constructor(
    private readonly db: PrismaClient,
    private readonly type: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
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
    return this.read(await this.db.oidcPayload.findUnique({ where: { type_id: { type: this.type, id } } }));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.read(await this.db.oidcPayload.findFirst({ where: { type: this.type, uid } }));
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.read(await this.db.oidcPayload.findFirst({ where: { type: this.type, userCode } }));
  }

  async consume(id: string): Promise<void> {
    await this.db.oidcPayload.updateMany({ where: { type: this.type, id }, data: { consumedAt: new Date() } });
  }

  async destroy(id: string): Promise<void> {
    await this.db.oidcPayload.deleteMany({ where: { type: this.type, id } });
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.oidcPayload.deleteMany({ where: { type: this.type, grantId } });
  }

  private read(row: { payload: Prisma.JsonValue; expiresAt: Date | null; consumedAt: Date | null } | null): AdapterPayload | undefined {
    if (!row) return undefined;
    if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }
}
