/**
 * Creates the first board member with a login, for a real start without demo data:
 *
 *   BOARD_PASSWORD=… tsx src/cli/create-board-login.ts --username anna --email anna@example.ch \
 *     --first-name Anna --last-name Muster
 *
 * Without BOARD_PASSWORD the password is asked for on the terminal (hidden, twice).
 * The database comes from the same environment as the server's (DATABASE_URL or DATA_DIR).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase, type PrismaClient } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { inTransaction } from '../db/tx.ts';
import { hashPassword, normalizeUsername, passwordProblem } from '../features/idp/index.ts';
import { createMember, usernameTaken } from '../features/members/members.service.ts';

class UsageError extends Error {}

const USAGE =
  'Aufruf: create-board-login --username <name> --email <adresse> --first-name <vorname> --last-name <nachname>\n' +
  '        Passwort aus BOARD_PASSWORD oder (im Terminal) verdeckt abgefragt.';

export interface BoardLoginInput {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

/** Checks the arguments; German messages for the operator. */
export function parseBoardLoginArgs(argv: string[]): Omit<BoardLoginInput, 'password'> {
  let values;
  try {
    ({ values } = parseArgs({
      // `pnpm create-board-login -- --username …` hands the separator on.
      args: argv[0] === '--' ? argv.slice(1) : argv,
      options: {
        username: { type: 'string' },
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const username = normalizeUsername(values.username ?? '');
  const email = (values.email ?? '').trim();
  const firstName = (values['first-name'] ?? '').trim();
  const lastName = (values['last-name'] ?? '').trim();
  const missing = [
    ['--username', username],
    ['--email', email],
    ['--first-name', firstName],
    ['--last-name', lastName],
  ]
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length) throw new UsageError(`Es fehlt: ${missing.join(', ')}\n${USAGE}`);
  if (!/^[a-z0-9][a-z0-9._-]{1,49}$/.test(username)) {
    throw new UsageError('Der Benutzername darf nur Buchstaben a–z, Ziffern, Punkt, Binde- und Unterstrich enthalten (2–50 Zeichen).');
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError(`Keine gültige E-Mail-Adresse: ${email}`);
  return { username, email, firstName, lastName };
}

/** Creates the member with both roles and a login account, in one transaction. */
export async function createBoardLogin(db: PrismaClient, input: BoardLoginInput): Promise<{ memberId: number; memberNumber: number }> {
  const problem = passwordProblem(input.password, input.password);
  if (problem) throw new UsageError(problem.message);
  const passwordHash = await hashPassword(input.password);
  return inTransaction(db, async (tx) => {
    if (await usernameTaken({ db: tx }, input.username)) throw new UsageError(`Den Benutzernamen «${input.username}» gibt es schon.`);
    const member = await createMember(
      { db: tx },
      {
        username: input.username,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'],
        login: { username: input.username, passwordHash },
      },
    );
    return { memberId: member.id, memberNumber: member.memberNumber };
  });
}

/** Reads a line from the terminal without echoing it. */
async function promptHidden(question: string): Promise<string> {
  const { stdin, stderr } = process;
  if (!stdin.isTTY) throw new UsageError('Kein Passwort: BOARD_PASSWORD setzen oder im Terminal aufrufen.');
  stderr.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let input = '';
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          done();
          stderr.write('\n');
          resolve(input);
          return;
        }
        if (ch === '\u0003') {
          done();
          stderr.write('\n');
          reject(new UsageError('Abgebrochen.'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') input = input.slice(0, -1);
        else input += ch;
      }
    };
    const done = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
    };
    stdin.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.BOARD_PASSWORD;
  if (fromEnv) return fromEnv;
  const password = await promptHidden('Passwort (mindestens 10 Zeichen): ');
  const again = await promptHidden('Passwort wiederholen: ');
  const problem = passwordProblem(password, again);
  if (problem) throw new UsageError(problem.message);
  return password;
}

async function main(): Promise<number> {
  try {
    const args = parseBoardLoginArgs(process.argv.slice(2));
    const password = await readPassword();
    const config = loadConfig();
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
    try {
      await migrate(database.raw);
      const { memberNumber } = await createBoardLogin(database.prisma, { ...args, password });
      process.stdout.write(
        `Vorstandsmitglied ${args.firstName} ${args.lastName} (Mitgliedernummer ${memberNumber}) ist angelegt; Anmeldung mit dem Benutzernamen «${args.username}».\n`,
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
