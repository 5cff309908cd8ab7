// Runs the Vitest suites of the workspace one after another and keeps a JSON report of
// each in test-results/, which scripts/test-summary.mjs adds up.
//   node scripts/run-vitest.mjs unit   packages/contract, apps/api, apps/web
//   node scripts/run-vitest.mjs api    apps/api alone (what depends on the database)
//   node scripts/run-vitest.mjs api-embedded
//                                      the apps/api test files that open a database (they import
//                                      src/test/db.ts), on the embedded PGlite whatever DATABASE_URL
//                                      says (CI runs everything on PostgreSQL, then this: what does not
//                                      touch the database runs once)
//   node scripts/run-vitest.mjs e2e    browser journeys (needs Chromium)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });
const suite = process.argv[2];

function vitest(name, cwd, extra = [], env = process.env, command = ['run']) {
  const out = path.join(results, `${name}.json`);
  const args = ['exec', 'vitest', ...command, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra];
  const run = spawnSync('pnpm', args, { cwd, stdio: 'inherit', env });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

if (suite === 'unit' || suite === 'api') {
  const all = [
    ['contract', 'packages/contract'],
    ['api', 'apps/api'],
    ['web', 'apps/web'],
  ];
  for (const [name, dir] of all.filter(([name]) => suite === 'unit' || name === suite)) {
    vitest(name, path.join(root, dir));
  }
} else if (suite === 'api-embedded') {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  // `vitest related`: the test files that import the database helper, directly or through the harness.
  vitest('api-pglite', path.join(root, 'apps/api'), [], env, ['related', 'src/test/db.ts', '--run']);
} else if (suite === 'e2e') {
  const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(chrome)) {
    const reason = `Browser-Tests nicht ausgeführt: kein Chromium unter ${chrome} (CHROME_PATH setzen oder Debian-Paket chromium installieren).`;
    if (process.env.CI === 'true') {
      console.error(`${reason} Unter CI=true ist das ein Fehler.`);
      process.exit(1);
    }
    console.log(reason);
    writeFileSync(path.join(results, 'e2e.json'), JSON.stringify({ notRun: reason }));
    process.exit(0);
  }
  vitest('e2e', root, ['--config', 'e2e/vitest.config.ts']);
} else {
  console.error('usage: node scripts/run-vitest.mjs unit|api|api-embedded|e2e');
  process.exit(2);
}
