// Backup and restore of a club with 10,000 members, on both databases, through the same code as
// `pnpm backup` and `pnpm restore` (apps/api/src/features/ops/backup.ts): times and file sizes.
//
//   pnpm bench:backup
//
// The database: 10,000 members with login, two addresses, a phone, two memberships and two
// invoices (with a line) each, 20 games with 5,000 reservations, 10,000 audit rows, 20,000 mails
// in the outbox and 24 newsletters of 1 MB (incompressible, as PDFs are). PostgreSQL: a database of
// its own on BENCH_DATABASE_URL's server, dropped again; PGlite: a data directory in the temp
// directory, backed up with the site stopped (the running server's dump is the same call).
//
// Environment: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres), MEMBERS
// (10000), NEWSLETTERS (24), ONLY=postgres|pglite.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/api/src/db/client.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { backupPglite, backupPostgres, restorePglite, restorePostgres } from '../../apps/api/src/features/ops/backup.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const MEMBERS = Number(process.env.MEMBERS ?? 10_000);
const NEWSLETTERS = Number(process.env.NEWSLETTERS ?? 24);
const ONLY = process.env.ONLY;
const tools = { pgDump: process.env.PG_DUMP ?? 'pg_dump', pgRestore: process.env.PG_RESTORE ?? 'pg_restore', environment: process.env };
const say = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The whole club in a few set-based statements (the same SQL on both databases). */
async function seed(db: Database): Promise<void> {
  const q = (sql: string, params: unknown[] = []) => db.raw.query(sql, params);
  const n = MEMBERS;
  // One real argon2id hash for everybody: hashing 10,000 passwords would measure argon2, not backups.
  const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$1rN3Sdz6bHq3mXlbIFkq3Lr7wZb0Jp8qH4c4dVq0xkQ';
  await q(`INSERT INTO seasons (name, "validFrom", "validTo", "membershipFeeRappen") VALUES
           ('2025/26', '2025-05-01', '2026-04-30', 5000), ('2026/27', '2026-05-01', '2027-04-30', 5000)`);
  await q(
    `INSERT INTO members (username, "firstName", "lastName", email, "dateOfBirth", "updatedAt")
     SELECT 'm' || g, 'Vorname' || (g % 97), 'Nachname' || md5(g::text), 'm' || g || '@example.ch', DATE '1960-01-01' + (g % 15000), now()
       FROM generate_series(1, $1::int) g`,
    [n],
  );
  await q(`INSERT INTO member_roles ("memberId", role) SELECT id, 'MEMBER' FROM members`);
  await q(`INSERT INTO login_accounts (username, "passwordHash", "memberId", "updatedAt") SELECT username, $1, id, now() FROM members`, [
    hash,
  ]);
  await q(`INSERT INTO addresses ("memberId", street, "houseNumber", "postalCode", city, "validFrom", current)
           SELECT id, 'Hardstrasse', (id % 200)::text, '8005', 'Zürich', DATE '2023-01-01', true FROM members`);
  await q(`INSERT INTO addresses ("memberId", street, "houseNumber", "postalCode", city, "validFrom", "validTo", current)
           SELECT id, 'Langstrasse', (id % 90)::text, '8004', 'Zürich', DATE '2015-01-01', DATE '2022-12-31', false FROM members`);
  await q(
    `INSERT INTO phones ("memberId", type, number) SELECT id, 'MOBILE', '+41 79 ' || lpad((id % 10000000)::text, 7, '0') FROM members`,
  );
  await q(`INSERT INTO memberships ("memberId", "seasonId", "validFrom", "validTo")
           SELECT m.id, s.id, s."validFrom", s."validTo" FROM members m CROSS JOIN seasons s`);
  await q(`INSERT INTO invoices (number, "memberId", "seasonId", kind, title, "invoiceDate", "dueDate", "totalRappen", status, reference,
                                 "debtorName", street, "postalCode", city, "updatedAt")
           SELECT substr(s.name, 1, 4) || '-' || lpad(m.id::text, 5, '0'), m.id, s.id, 'MEMBERSHIP_FEE', 'Mitgliederbeitrag ' || s.name,
                  s."validFrom" + 10, s."validFrom" + 40, 5000, CASE WHEN s.name = '2025/26' THEN 'PAID' ELSE 'OPEN' END::"InvoiceStatus",
                  'RF' || s.id || lpad(m.id::text, 8, '0'), m."firstName" || ' ' || m."lastName", 'Hardstrasse', '8005', 'Zürich', now()
             FROM members m CROSS JOIN seasons s`);
  await q(`INSERT INTO invoice_lines ("invoiceId", position, text, "amountRappen") SELECT id, 1, title, "totalRappen" FROM invoices`);
  await q(`INSERT INTO delivery_options (name) VALUES ('Abholung im Stadion')`);
  await q(`INSERT INTO game_groups (name, "defaultPricePerTicketRappen", "availableTicketsPerGame", "freeTicketAmount", "updatedAt")
           VALUES ('Heimspiele', 3000, 400, 4, now())`);
  await q(`INSERT INTO games ("gameGroupId", start, opponent, "homeGame", venue, "updatedAt")
           SELECT (SELECT id FROM game_groups), now() + (g || ' days')::interval, 'HCD', true, 'Swiss Life Arena', now() FROM generate_series(1, 20) g`);
  await q(`INSERT INTO ticket_reservations ("gameId", "memberId", "deliveryOptionId", amount, "pricePerTicketRappen", street, "postalCode", city)
           SELECT (SELECT min(id) FROM games) + (m.id % 20), m.id, (SELECT id FROM delivery_options), 1 + m.id % 3, 3000, 'Hardstrasse', '8005', 'Zürich'
             FROM members m WHERE m.id % 2 = 0`);
  await q(`INSERT INTO audit_log ("actorId", action, entity, "entityId", data)
           SELECT id, 'member.updated', 'member', id::text, jsonb_build_object('changes', jsonb_build_array(jsonb_build_object('field', 'mobile', 'before', null, 'after', '+41 79 000 00 00')))
             FROM members`);
  await q(`INSERT INTO mail_outbox ("to", subject, text, status, "sentAt")
           SELECT m.email, 'Rechnung ' || i.number, repeat('Guten Tag ' || m."firstName" || ', im Anhang Ihre Rechnung. ', 8), 'SENT', now()
             FROM invoices i JOIN members m ON m.id = i."memberId"`);
  for (let i = 0; i < NEWSLETTERS; i++) {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(1024 * 1024), Buffer.from('\n%%EOF\n')]);
    await q(`INSERT INTO newsletters (title, "publicationDate", "fileName", size, content) VALUES ($1, $2, $3, $4, decode($5, 'base64'))`, [
      `Newsletter ${i + 1}`,
      `2025-${String((i % 12) + 1).padStart(2, '0')}-01`,
      `newsletter-${i + 1}.pdf`,
      pdf.length,
      pdf.toString('base64'),
    ]);
  }
}

async function counts(db: Database): Promise<string> {
  const rows = await db.raw.query<{ m: number; i: number; r: number; l: number; n: number }>(
    `SELECT (SELECT count(*)::int FROM members) AS m, (SELECT count(*)::int FROM invoices) AS i,
            (SELECT count(*)::int FROM ticket_reservations) AS r, (SELECT count(*)::int FROM login_accounts) AS l,
            (SELECT count(*)::int FROM newsletters) AS n`,
  );
  const c = rows[0]!;
  return `${c.m} members, ${c.i} invoices, ${c.r} reservations, ${c.l} logins, ${c.n} newsletters`;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'club-bench-backup-'));
try {
  if (!ONLY || ONLY === 'postgres') {
    const names = [`club_bench_src_${randomBytes(3).toString('hex')}`, `club_bench_dst_${randomBytes(3).toString('hex')}`];
    const urlOf = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
    for (const name of names) await adminQuery(`CREATE DATABASE "${name}"`);
    try {
      const source = await openDatabase({ databaseUrl: urlOf(names[0]!), poolSize: 2 });
      await migrate(source.raw);
      const seeded = await timed(() => seed(source));
      const size = await source.raw.query<{ size: string }>('SELECT pg_size_pretty(pg_database_size(current_database())) AS size');
      say(`PostgreSQL: seeded in ${seconds(seeded.ms)}: ${await counts(source)}; database ${size[0]!.size}`);
      await source.close();
      const file = path.join(dir, 'club.backup');
      const backup = await timed(() => backupPostgres({ databaseUrl: urlOf(names[0]!), out: file, tools }));
      say(`PostgreSQL backup (pg_dump -Fc): ${seconds(backup.ms)}, file ${mb(statSync(file).size)}`);
      const restore = await timed(() => restorePostgres({ databaseUrl: urlOf(names[1]!), file, force: false, tools }));
      const restored = await openDatabase({ databaseUrl: urlOf(names[1]!), poolSize: 1 });
      say(`PostgreSQL restore (pg_restore, one transaction): ${seconds(restore.ms)}; restored: ${await counts(restored)}`);
      await restored.close();
    } finally {
      for (const name of names) await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  }
  if (!ONLY || ONLY === 'pglite') {
    const dataDir = path.join(dir, 'source');
    const source = await openDatabase({ dataDir });
    await migrate(source.raw);
    const seeded = await timed(() => seed(source));
    say(`PGlite: seeded in ${seconds(seeded.ms)}: ${await counts(source)}`);
    await source.close();
    const file = path.join(dir, 'club.pglite.tar.gz');
    const backup = await timed(() => backupPglite({ dataDir, out: file }));
    say(`PGlite backup (PGlite's dump, gzip, site stopped): ${seconds(backup.ms)}, file ${mb(statSync(file).size)}`);
    const target = path.join(dir, 'restored');
    const restore = await timed(() => restorePglite({ dataDir: target, file, force: false, now: new Date() }));
    const restored = await openDatabase({ dataDir: target });
    say(`PGlite restore (into an empty DATA_DIR, opened once): ${seconds(restore.ms)}; restored: ${await counts(restored)}`);
    await restored.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
