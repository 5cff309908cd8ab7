import { execFile } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';

/**
 * Spreadsheets read back by an independent consumer: LibreOffice Calc (`soffice`, Debian package
 * libreoffice-calc-nogui) opens the .xlsx headless and saves every sheet as CSV, each cell as the
 * user sees it (its number format applied), after recalculating every formula.
 */

export const SOFFICE = 'soffice';

/** One worksheet as LibreOffice shows it: each row's cells as displayed text ('' for an empty cell). */
export interface ShownSheet {
  name: string;
  rows: string[][];
}

/**
 * The CSV export's filter options (LibreOffice help, "CSV Filter Options"): comma, double quote,
 * UTF-8 (76), from line 1, no column formats, default language, text cells not all quoted,
 * (import only), cell contents as shown (true: formatted, not the raw numbers), formulas not
 * exported, spaces kept, and sheet -1: every sheet to its own file `<name>-<sheet>.csv`
 * (LibreOffice 7.2 and later).
 */
export const CSV_FILTER = 'Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1';

/**
 * The user profile's settings: the Swiss German locale (a member of the board in Zurich; it
 * decides the thousands separator of `#,##0.00`), and formulas of Excel files recalculated on
 * loading (LibreOffice's default is to show the results stored in the file: then a wrong
 * formula with a right stored result would go unseen).
 */
const PROFILE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Setup/L10N"><prop oor:name="ooSetupSystemLocale" oor:op="fuse"><value>de-CH</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`;

/** Why LibreOffice cannot be used here (`soffice` not on the PATH), or null when it can. */
export function libreOfficeMissing(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    try {
      accessSync(path.join(dir, SOFFICE), constants.X_OK);
      return null;
    } catch {
      // not in this directory
    }
  }
  return `${SOFFICE} is not on the PATH (Debian package libreoffice-calc-nogui)`;
}

/**
 * Runs one LibreOffice conversion of the workbooks into `target` (a filter of `--convert-to`) in a
 * user profile of its own (test files run in parallel; two LibreOffice processes cannot share
 * one), hands the output directory and LibreOffice's report to `read`, and removes its files afterwards.
 */
async function convertWithLibreOffice<T>(
  workbooks: Buffer[],
  target: string,
  timeoutMs: number,
  read: (out: string, stdout: string, inputs: string[]) => T,
): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'club-lo-'));
  try {
    const profile = userProfile(dir);
    const out = path.join(dir, 'out');
    mkdirSync(out);
    const inputs = workbooks.map((body, i) => {
      const file = path.join(dir, `w${i}.xlsx`);
      writeFileSync(file, body);
      return file;
    });
    const stdout = await run(
      ['--headless', '--norestore', `-env:UserInstallation=file://${profile}`, '--convert-to', target, '--outdir', out, ...inputs],
      timeoutMs,
    );
    return read(out, stdout, inputs);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Opens each workbook in LibreOffice (one start for all of them) and returns, per workbook, its
 * sheets in order with the rows as shown.
 */
export function readWithLibreOffice(workbooks: Buffer[], timeoutMs = 180_000): Promise<ShownSheet[][]> {
  return convertWithLibreOffice(workbooks, `csv:${CSV_FILTER}`, timeoutMs, (_out, stdout, inputs) => {
    // "Writing sheet Mitglieder 2027-28 -> /tmp/.../out/w0-Mitglieder 2027-28.csv", in sheet order.
    const written = [...stdout.matchAll(/^Writing sheet (.*) -> (.*)$/gm)].map((m) => ({ name: m[1]!, file: m[2]! }));
    return inputs.map((_, i) => {
      const sheets = written.filter((w) => path.basename(w.file).startsWith(`w${i}-`));
      if (sheets.length === 0) throw new Error(`LibreOffice wrote no sheet of workbook ${i}:\n${stdout}`);
      return sheets.map((w) => ({ name: w.name, rows: parse(readFileSync(w.file, 'utf8'), { relaxColumnCount: true }) as string[][] }));
    });
  });
}

/**
 * Each workbook printed by LibreOffice as a PDF (one start for all of them), with the page
 * setup the file asks for: paper, orientation, scaling, rows repeated on each page.
 */
export function printWithLibreOffice(workbooks: Buffer[], timeoutMs = 180_000): Promise<Buffer[]> {
  return convertWithLibreOffice(workbooks, 'pdf', timeoutMs, (out, _stdout, inputs) =>
    inputs.map((input) => readFileSync(path.join(out, `${path.basename(input, '.xlsx')}.pdf`))),
  );
}

/** A private user profile in `dir` with the settings above; its `-env:UserInstallation` path. */
function userProfile(dir: string): string {
  const profile = path.join(dir, 'profile');
  mkdirSync(path.join(profile, 'user'), { recursive: true });
  writeFileSync(path.join(profile, 'user', 'registrymodifications.xcu'), PROFILE_SETTINGS);
  return profile;
}

/**
 * A file as LibreOffice saves it: opens `name` (its extension says what it is; `inFilter` gives
 * the import filter and its options, e.g. for a CSV) and saves it with `--convert-to target`
 * (e.g. `xlsx`, or `csv:Text - txt - csv (StarCalc):59,34,1` for a Windows-1252 CSV with `;`).
 */
export async function saveWithLibreOffice(
  file: { name: string; content: Buffer; inFilter?: string },
  target: string,
  timeoutMs = 180_000,
): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'club-lo-'));
  try {
    const profile = userProfile(dir);
    const input = path.join(dir, file.name);
    writeFileSync(input, file.content);
    const out = path.join(dir, 'out');
    mkdirSync(out);
    const stdout = await run(
      [
        '--headless',
        '--norestore',
        `-env:UserInstallation=file://${profile}`,
        ...(file.inFilter ? [`--infilter=${file.inFilter}`] : []),
        '--convert-to',
        target,
        '--outdir',
        out,
        input,
      ],
      timeoutMs,
    );
    const written = /^convert .* -> (.*) using filter/m.exec(stdout)?.[1];
    if (!written) throw new Error(`LibreOffice saved nothing:\n${stdout}`);
    return readFileSync(written);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One workbook's sheets as LibreOffice shows them. */
export async function readXlsxWithLibreOffice(workbook: Buffer): Promise<ShownSheet[]> {
  const [sheets] = await readWithLibreOffice([workbook]);
  return sheets!;
}

function run(args: string[], timeout: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(SOFFICE, args, { timeout, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${SOFFICE} failed: ${error.message}\n${stdout}\n${stderr}`));
      else resolve(stdout);
    });
  });
}
