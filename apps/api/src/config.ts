import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isIBANValid, isQRIBAN } from 'swissqrbill/utils';
import { z } from 'zod';

/**
 * The only place that reads process.env (docs/operations.md «Konfiguration»). Checked once at start;
 * a bad value stops the start with one line per bad key.
 */
const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'true oder false erwartet' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Server processes sharing the port (node:cluster); more than one needs PostgreSQL. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  SESSION_SECRET: z.string().min(32, { error: 'mindestens 32 Zeichen' }).optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('ZSC Fanclub Limmat <noreply@fanclub-limmat.ch>'),
  DEMO_DATA: boolish.optional(),
  CLUB_NAME: z.string().min(1).default('ZSC Fanclub Limmat'),
  CLUB_ADDRESS: z.string().min(1).default('Postfach 1234, 8050 Zürich'),
  /** The club's public e-mail address (Impressum). */
  CLUB_EMAIL: z.email({ error: 'keine gültige E-Mail-Adresse' }).default('vorstand@fanclub-limmat.ch'),
  /** The club's account: its QR-IBAN and/or IBAN, separated by a comma (invoices print the QR-IBAN when there is one). */
  CLUB_IBAN: z
    .string()
    .transform((v) => v.split(/[,;]/).map((iban) => iban.replace(/\s+/g, '').toUpperCase()))
    .refine((list) => list.length <= 4 && list.every((iban) => /^[A-Z]{2}[0-9]{2}[0-9A-Z]{11,30}$/.test(iban) && isIBANValid(iban)), {
      error: 'keine gültige IBAN (mehrere durch Komma getrennt)',
    })
    .default(['CH4431999123000889012']),
  /** The creditor's structured address on the QR-bill (type S, implementation guidelines v2.3). */
  CLUB_STREET: z.string().trim().min(1).max(70, { error: 'höchstens 70 Zeichen' }).default('Postfach 1234'),
  CLUB_HOUSE_NUMBER: z.string().trim().max(16, { error: 'höchstens 16 Zeichen' }).default(''),
  CLUB_POSTAL_CODE: z.string().trim().min(1).max(16, { error: 'höchstens 16 Zeichen' }).default('8050'),
  CLUB_CITY: z.string().trim().min(1).max(35, { error: 'höchstens 35 Zeichen' }).default('Zürich'),
  CLUB_COUNTRY: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'zweistelliger Ländercode (z. B. CH)' })
    .default('CH'),
  MEMBERSHIP_FORM_URL: z.string().min(1).default('/candidates'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** true in production deployments (implied by an https PUBLIC_URL): SESSION_SECRET is required, no demo data. */
  PRODUCTION: boolish.default(false),
  /** Board members must log in with a second factor (embedded provider); default: true in production. */
  REQUIRE_2FA_FOR_BOARD: boolish.optional(),
  /** Failed logins (passwords and codes of the second factor) per login name within a minute; the next is refused (429). */
  LOGIN_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(5),
  /** Number of reverse proxies in front of the site (for client IPs in rate limits). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** The embedded database only: where the server writes its nightly backup (unset: none). */
  BACKUP_DIR: z.string().min(1).optional(),
  /** How many nightly backups in BACKUP_DIR are kept (the oldest go). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** Bearer token for GET /metrics; unset: /metrics does not exist (404). */
  METRICS_TOKEN: z.string().min(16, { error: 'mindestens 16 Zeichen' }).optional(),
  /** pg_dump and pg_restore for `pnpm backup` / `pnpm restore` with PostgreSQL (default: from PATH). */
  PG_DUMP: z.string().min(1).default('pg_dump'),
  PG_RESTORE: z.string().min(1).default('pg_restore'),
  /** Years after the end of the last membership until a former member is anonymised (nDSG). */
  RETENTION_YEARS: z.coerce.number().int().min(1).max(100).default(10),
  /** Login invitations of a member import: at most this many leave the outbox per minute. */
  IMPORT_INVITATIONS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
  readonly secureCookies: boolean;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly databasePoolSize: number;
  /** Server processes (node:cluster workers); 1 serves from the starting process itself. */
  readonly workers: number;
  readonly sessionSecret: string;
  readonly oidc: { readonly issuer: string; readonly clientId: string; readonly clientSecret: string | undefined } | undefined;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  /** undefined: load demo data only into a new embedded database. */
  readonly demoData: boolean | undefined;
  readonly clubName: string;
  readonly clubAddress: string;
  readonly clubEmail: string;
  /** The IBAN printed on invoices: the QR-IBAN when CLUB_IBAN names one, else its first. */
  readonly clubIban: string;
  /** Every account of CLUB_IBAN: bank files must be for one of them. */
  readonly clubAccounts: readonly string[];
  /** The creditor's structured address for the QR-bill. */
  readonly clubPostalAddress: {
    readonly street: string;
    readonly houseNumber: string;
    readonly postalCode: string;
    readonly city: string;
    readonly country: string;
  };
  readonly membershipFormUrl: string;
  readonly logLevel: string;
  readonly production: boolean;
  /** Board members log in with password and TOTP code (embedded provider only); default: production. */
  readonly requireTwoFactorForBoard: boolean;
  /** Failed logins per login name within a minute before the next is refused (LOGIN_FAILURES_PER_MINUTE). */
  readonly loginFailuresPerMinute: number;
  readonly trustProxy: number;
  /** Nightly backup of the embedded database by the server; undefined: none. */
  readonly backup: { readonly dir: string; readonly keep: number } | undefined;
  /** Bearer token of GET /metrics; undefined: no metrics endpoint. */
  readonly metricsToken: string | undefined;
  /** Years after the last membership ended until the member is anonymised. */
  readonly retentionYears: number;
  /** Login invitations of a member import per minute (IMPORT_INVITATIONS_PER_MINUTE). */
  readonly importInvitationsPerMinute: number;
  /** pg_dump and pg_restore binaries (PG_DUMP, PG_RESTORE; default from PATH). */
  readonly pgTools: { readonly pgDump: string; readonly pgRestore: string };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Ungültige Konfiguration: ${problems.join('; ')}`);
  }
}

/** Reads and checks the environment. Throws ConfigError listing every bad key. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const oidcKeys = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID];
  if (oidcKeys.some(Boolean) && !oidcKeys.every(Boolean)) {
    problems.push('OIDC_ISSUER und OIDC_CLIENT_ID: entweder beide setzen oder keinen');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  // A site reached over https is a real deployment, whatever PRODUCTION says.
  const production = e.PRODUCTION || publicUrl.startsWith('https:');
  if (production && !e.SESSION_SECRET) problems.push('SESSION_SECRET: in Produktion (PRODUCTION=true oder https) erforderlich');
  if (production && e.DEMO_DATA) problems.push('DEMO_DATA: in Produktion (PRODUCTION=true oder https) nicht erlaubt');
  if (e.WORKERS > 1 && !e.DATABASE_URL)
    problems.push('WORKERS: mehrere Prozesse brauchen PostgreSQL (DATABASE_URL); die eingebettete Datenbank gehört einem Prozess');
  if (e.BACKUP_DIR && e.DATABASE_URL)
    problems.push('BACKUP_DIR: nur für die eingebettete Datenbank; PostgreSQL sichern Sie mit pnpm backup (pg_dump), z. B. per cron');
  if (problems.length) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    secureCookies: publicUrl.startsWith('https:'),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    workers: e.WORKERS,
    sessionSecret: e.SESSION_SECRET ?? localSecret(dataDir),
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? Object.freeze({ issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET })
        : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    demoData: e.DEMO_DATA,
    clubName: e.CLUB_NAME,
    clubAddress: e.CLUB_ADDRESS,
    clubEmail: e.CLUB_EMAIL,
    clubIban: e.CLUB_IBAN.find((iban) => /^(CH|LI)/.test(iban) && isQRIBAN(iban)) ?? e.CLUB_IBAN[0]!,
    clubAccounts: Object.freeze([...e.CLUB_IBAN]),
    clubPostalAddress: Object.freeze({
      street: e.CLUB_STREET,
      houseNumber: e.CLUB_HOUSE_NUMBER,
      postalCode: e.CLUB_POSTAL_CODE,
      city: e.CLUB_CITY,
      country: e.CLUB_COUNTRY,
    }),
    membershipFormUrl: e.MEMBERSHIP_FORM_URL,
    logLevel: e.LOG_LEVEL,
    production,
    requireTwoFactorForBoard: e.REQUIRE_2FA_FOR_BOARD ?? production,
    loginFailuresPerMinute: e.LOGIN_FAILURES_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    backup: e.BACKUP_DIR ? Object.freeze({ dir: path.resolve(e.BACKUP_DIR), keep: e.BACKUP_KEEP }) : undefined,
    metricsToken: e.METRICS_TOKEN,
    retentionYears: e.RETENTION_YEARS,
    importInvitationsPerMinute: e.IMPORT_INVITATIONS_PER_MINUTE,
    pgTools: Object.freeze({ pgDump: e.PG_DUMP, pgRestore: e.PG_RESTORE }),
  });
}

/** Outside production without SESSION_SECRET: a random secret kept in DATA_DIR. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
