import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoardLogin, parseBoardLoginArgs } from '../../cli/create-board-login.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { openTestDatabase } from '../../test/db.ts';
import { verifyPassword } from './passwords.ts';

const run = promisify(execFile);
const apiDir = fileURLToPath(new URL('../../..', import.meta.url));

describe('create-board-login', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('checks its arguments with German messages', () => {
    expect(
      parseBoardLoginArgs(['--username', ' Anna ', '--email', 'anna@example.ch', '--first-name', 'Anna', '--last-name', 'Muster']),
    ).toEqual({
      username: 'anna',
      email: 'anna@example.ch',
      firstName: 'Anna',
      lastName: 'Muster',
    });
    // `pnpm create-board-login -- --username …` passes the separator on.
    expect(
      parseBoardLoginArgs(['--', '--username', 'anna', '--email', 'anna@example.ch', '--first-name', 'Anna', '--last-name', 'Muster'])
        .username,
    ).toBe('anna');
    expect(() => parseBoardLoginArgs(['--username', 'anna'])).toThrow(/Es fehlt: --email, --first-name, --last-name/);
    expect(() => parseBoardLoginArgs(['--username', 'an na', '--email', 'a@b.ch', '--first-name', 'A', '--last-name', 'B'])).toThrow(
      /Benutzername/,
    );
    expect(() => parseBoardLoginArgs(['--username', 'anna', '--email', 'kein-mail', '--first-name', 'A', '--last-name', 'B'])).toThrow(
      /E-Mail/,
    );
    expect(() => parseBoardLoginArgs(['--unbekannt'])).toThrow(/Aufruf/);
  });

  it('creates a board member with a login, once', async () => {
    const input = {
      username: 'praesidentin',
      email: 'p@example.ch',
      firstName: 'Petra',
      lastName: 'Präsidentin',
      password: 'Hopp-ZSC-Lions',
    };
    const { memberId } = await createBoardLogin(database.prisma, input);
    const member = await database.prisma.member.findUniqueOrThrow({
      where: { id: memberId },
      include: { roles: true, loginAccount: true },
    });
    expect(member.roles.map((r) => r.role).sort()).toEqual(['MEMBER', 'MEMBER_OF_THE_BOARD']);
    expect(member.loginAccount?.username).toBe('praesidentin');
    expect(await verifyPassword(member.loginAccount?.passwordHash ?? '', 'Hopp-ZSC-Lions')).toBe(true);
    await expect(createBoardLogin(database.prisma, input)).rejects.toThrow(/gibt es schon/);
    await expect(createBoardLogin(database.prisma, { ...input, username: 'kurz', password: 'kurz' })).rejects.toThrow(
      /mindestens 10 Zeichen/,
    );
  });

  it('runs from the command line with the password from BOARD_PASSWORD', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'club-cli-'));
    try {
      const { stdout } = await run(
        process.execPath,
        [
          '--import',
          'tsx',
          'src/cli/create-board-login.ts',
          '--username',
          'vorstand1',
          '--email',
          'v@example.ch',
          '--first-name',
          'Vera',
          '--last-name',
          'Vorstand',
        ],
        {
          cwd: apiDir,
          env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, BOARD_PASSWORD: 'Ein-gutes-Passwort', LOG_LEVEL: 'silent' },
        },
      );
      expect(stdout.trim()).toMatch(
        /^Vorstandsmitglied Vera Vorstand \(Mitgliedernummer \d+\) ist angelegt; Anmeldung mit dem Benutzernamen «vorstand1»\.$/,
      );
      const db = await openDatabase({ dataDir });
      try {
        expect(await db.prisma.loginAccount.count({ where: { username: 'vorstand1' } })).toBe(1);
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // A new data directory: initdb and every migration, in WebAssembly; minutes on a busy machine.
  }, 240_000);
});
