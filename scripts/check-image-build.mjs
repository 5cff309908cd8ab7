// Builds the Docker image's site the way the Dockerfile does, without Docker (CI has no engine):
// copies the build context (minus .dockerignore) into a fresh directory, runs the build stage's
// RUN commands there as written, then starts the image's CMD as an unprivileged user with the
// image's ENV and waits until the HEALTHCHECK command passes. Also checks that the image never
// runs as root and that its health check asks /readyz.
//
//   node scripts/check-image-build.mjs
//
// What it cannot do here: the runtime stage's apt-get lines (PostgreSQL's client from its own
// Debian repository) are printed, not run; the site starts with the embedded database.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => process.stdout.write(`${line}\n`);
const fail = (line) => {
  process.stderr.write(`check-image-build: ${line}\n`);
  process.exit(1);
};

/** The Dockerfile's instructions per stage (continuation lines joined). */
function parseDockerfile(text) {
  const stages = [];
  const joined = text.replace(/\\\n/g, ' ');
  for (const raw of joined.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [, op, rest] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (!op) continue;
    if (op.toUpperCase() === 'FROM') stages.push({ from: rest, steps: [] });
    else stages.at(-1)?.steps.push({ op: op.toUpperCase(), arg: rest.trim() });
  }
  return stages;
}

/** `ENV A=1 B=2` → { A: '1', B: '2' }, with ${ARG} taken from the stage's ARG defaults. */
function envOf(steps) {
  const args = {};
  const env = {};
  for (const { op, arg } of steps) {
    if (op === 'ARG') {
      const [k, v = ''] = arg.split('=');
      args[k] = v;
    }
    if (op === 'ENV') {
      for (const pair of arg.split(/\s+/)) {
        const [k, v = ''] = pair.split('=');
        env[k] = v.replace(/\$\{(\w+)\}/g, (_m, name) => args[name] ?? '');
      }
    }
  }
  return env;
}

const dockerfile = parseDockerfile(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
const [build, runtime] = dockerfile;
if (!build || !runtime) fail('expected a build stage and a runtime stage');
const user = runtime.steps.filter((s) => s.op === 'USER').at(-1)?.arg;
if (!user || user === 'root' || user === '0') fail(`the image must run as an unprivileged user (USER is ${user ?? 'not set'})`);
const health = runtime.steps.find((s) => s.op === 'HEALTHCHECK')?.arg ?? '';
if (!health.includes('/readyz')) fail('the HEALTHCHECK must ask /readyz');
const healthCommand = /CMD\s+(.*)$/.exec(health)?.[1];
const cmd = JSON.parse(runtime.steps.filter((s) => s.op === 'CMD').at(-1)?.arg ?? '[]');
if (!healthCommand || cmd.length === 0) fail('HEALTHCHECK and CMD must be set');
say(`Dockerfile: runs as ${user}, health check on /readyz, CMD ${cmd.join(' ')}`);

// The build context: the repository's files without what .dockerignore leaves out.
const work = mkdtempSync(path.join(tmpdir(), 'club-image-'));
const app = path.join(work, 'app');
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root }).toString().split('\0').filter(Boolean);
const ignored = readFileSync(path.join(root, '.dockerignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'))
  .map(
    (pattern) =>
      new RegExp(
        `^${pattern
          .replace(/^\*\*\//, '(.*/)?')
          .replace(/\./g, '\\.')
          .replace(/\*/g, '[^/]*')}(/|$)`,
      ),
  );
let copied = 0;
for (const file of files) {
  if (ignored.some((re) => re.test(file))) continue;
  mkdirSync(path.dirname(path.join(app, file)), { recursive: true });
  try {
    cpSync(path.join(root, file), path.join(app, file));
    copied += 1;
  } catch {
    // Deleted in the work tree but still known to git: not in the context either.
  }
}
say(`build context: ${copied} files in ${app}`);

/** A failed check once the site may be running: stopped and cleaned up before the exit code is set. */
class CheckFailed extends Error {}

const run = (command, options = {}) => execFileSync('sh', ['-c', command], { cwd: app, stdio: 'inherit', ...options });
let server;
try {
  for (const { op, arg } of build.steps) {
    if (op !== 'RUN') continue;
    // pnpm itself is a machine prerequisite here (.ci/run sets up the same pinned version).
    if (arg.startsWith('corepack ')) {
      say(`RUN ${arg} (skipped: pnpm ${execFileSync('pnpm', ['--version']).toString().trim()} is installed)`);
      continue;
    }
    say(`RUN ${arg}`);
    run(arg);
  }
  for (const { op, arg } of runtime.steps) if (op === 'RUN') say(`not run here (runtime stage, needs Docker): RUN ${arg}`);

  // The runtime stage: the image's ENV, a data directory of the unprivileged user, the CMD.
  const port = await new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port: p } = s.address();
      s.close(() => resolve(p));
    });
  });
  const data = path.join(work, 'data');
  mkdirSync(data);
  execFileSync('chown', ['nobody:nogroup', data]);
  chmodSync(work, 0o755);
  const env = { ...envOf(runtime.steps), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: data, PATH: process.env.PATH };
  say(`starting ${cmd.join(' ')} as nobody on port ${port}`);
  const asNobody = process.getuid?.() === 0 ? ['setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups'] : [];
  if (!asNobody.length) say('not root: the site starts as the current user');
  server = spawn(asNobody[0] ?? cmd[0], [...asNobody.slice(1), ...(asNobody.length ? cmd : cmd.slice(1))], {
    cwd: app,
    env,
    stdio: 'inherit',
  });
  const healthy = healthCommand.replace('127.0.0.1:3000', `127.0.0.1:${port}`);
  // A first start creates the embedded database (initdb in WebAssembly): on a busy machine that takes minutes.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (server.exitCode !== null) throw new CheckFailed(`the site stopped with code ${server.exitCode}`);
    try {
      execFileSync('sh', ['-c', healthy], { stdio: 'ignore' });
      break;
    } catch {
      if (Date.now() > deadline) throw new CheckFailed('the health check did not pass within five minutes');
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  say('image build steps: site built, started as an unprivileged user, health check (/readyz) passed');
} catch (error) {
  // Reported after the site is stopped and the copy removed (fail() would exit before the finally).
  if (!(error instanceof CheckFailed)) throw error;
  process.stderr.write(`check-image-build: ${error.message}\n`);
  process.exitCode = 1;
} finally {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  rmSync(work, { recursive: true, force: true });
}
