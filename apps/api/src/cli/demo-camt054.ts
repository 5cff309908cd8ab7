/**
 * Writes a camt.054 file (version .001.08) that pays some of the open invoices of the site's
 * database, so the import on /admin/invoices can be tried with the demo data:
 *
 *   pnpm demo-camt054 -- --out camt054-demo.xml --count 3
 *
 * Pays the oldest open invoices in full (one batch booking), and adds a payment with an unknown
 * reference and the account fees (a debit). The database comes from the same environment as the
 * server's (DATABASE_URL, else the embedded one in DATA_DIR: then with the site stopped, as the
 * embedded database belongs to one process).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { toIsoDate, zurichToday } from '../lib/dates.ts';
import { camtPayingInvoices } from '../features/payments/camt.writer.ts';
import { findOpenInvoicesToPay } from '../features/payments/payments.repository.ts';

class UsageError extends Error {}

const USAGE = 'Aufruf: demo-camt054 [--out <datei.xml>] [--count <anzahl offener Rechnungen, Standard 3>]';

export function parseDemoCamtArgs(argv: string[], cwd: string): { out: string; count: number } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv[0] === '--' ? argv.slice(1) : argv,
      options: { out: { type: 'string' }, count: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const count = Number(values.count ?? 3);
  if (!Number.isInteger(count) || count < 1 || count > 5000) throw new UsageError(`--count: eine ganze Zahl von 1 bis 5000.\n${USAGE}`);
  return { out: path.resolve(cwd, values.out ?? 'camt054-demo.xml'), count };
}

async function main(): Promise<number> {
  try {
    // pnpm runs the script in apps/api; a relative --out means where it was called from.
    const args = parseDemoCamtArgs(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
    const config = loadConfig();
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
    try {
      await migrate(database.raw);
      const invoices = await findOpenInvoicesToPay(database.prisma, args.count);
      const today = toIsoDate(zurichToday(new Date()));
      const xml = camtPayingInvoices(invoices, {
        msgId: `DEMO-${today}-${Date.now().toString(36).toUpperCase()}`,
        bookingDate: today,
        iban: config.clubIban,
      });
      writeFileSync(args.out, xml);
      process.stdout.write(
        invoices.length
          ? `${args.out}: bezahlt ${invoices.map((i) => i.number).join(', ')}. Einlesen unter /admin/invoices, «Zahlungen der Bank einlesen».\n`
          : `${args.out}: keine offenen Rechnungen gefunden; die Datei enthält nur eine unbekannte Zahlung und eine Belastung.\n`,
      );
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
