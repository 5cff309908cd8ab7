/**
 * Lists the long functions of the source: every function declaration, function expression,
 * arrow function, method, constructor and accessor (React components included) longer than
 * the limit, outside tests and generated code, in apps/api/src, apps/web/src and
 * packages/contract/src. A function's length is its lines from its first to its last
 * character (its doc comment not counted); a function nested in a long one is counted on its own.
 *
 *   pnpm run long-functions                 the list, longest first, and how many
 *   pnpm run long-functions -- --lines 60   another limit (default 80)
 *   pnpm run long-functions -- --max 12     exits with 1 when more than 12 are found
 *   pnpm run long-functions -- apps/api/src only these folders
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
const defaultFolders = ['apps/api/src', 'apps/web/src', 'packages/contract/src'];

interface Options {
  lines: number;
  max: number | null;
  folders: string[];
}

function readOptions(argv: string[]): Options {
  const options: Options = { lines: 80, max: null, folders: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') continue;
    if (arg === '--lines' || arg === '--max') {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 0) throw new Error(`${arg} wants a whole number`);
      if (arg === '--lines') options.lines = value;
      else options.max = value;
    } else options.folders.push(arg);
  }
  if (!options.folders.length) options.folders = defaultFolders;
  return options;
}

/** Tests, their support files and generated code are not counted. */
function isCounted(path: string): boolean {
  if (!/\.tsx?$/.test(path) || path.endsWith('.d.ts')) return false;
  const segments = path.split('/');
  if (segments.some((s) => s === 'generated' || s === 'test' || s === 'tests' || s === '__tests__' || s === 'node_modules')) return false;
  return !/\.(test|spec)\.|\.test-/.test(segments.at(-1)!);
}

function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (isCounted(relative(root, path))) files.push(path);
  }
  return files;
}

type FunctionNode = ts.FunctionLikeDeclaration;

function isFunction(node: ts.Node): node is FunctionNode {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** A readable name: its own, the variable or property it is assigned to, or the call it is passed to. */
function nameOf(node: FunctionNode, file: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name) return node.name.getText(file);
  let parent = node.parent;
  while (ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent) || ts.isSatisfiesExpression(parent)) parent = parent.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(file);
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(file);
    const first = parent.arguments[0];
    const label = first && ts.isStringLiteralLike(first) ? `(${first.getText(file)}, …)` : '(…)';
    if ((callee === 'memo' || callee === 'forwardRef') && ts.isVariableDeclaration(parent.parent)) return parent.parent.name.getText(file);
    return `${callee}${label}`;
  }
  if (ts.isExportAssignment(parent)) return 'default export';
  return '(anonymous)';
}

export interface LongFunction {
  path: string;
  line: number;
  name: string;
  lines: number;
}

export function longFunctions(options: Options): LongFunction[] {
  const found: LongFunction[] = [];
  for (const folder of options.folders) {
    for (const path of sourceFiles(resolve(root, folder))) {
      const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
      const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, kind);
      const visit = (node: ts.Node): void => {
        if (isFunction(node) && node.body) {
          const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
          const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
          const lines = last - first + 1;
          if (lines > options.lines) found.push({ path: relative(root, path), line: first + 1, name: nameOf(node, file), lines });
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
    }
  }
  return found.sort((a, b) => b.lines - a.lines || a.path.localeCompare(b.path) || a.line - b.line);
}

const options = readOptions(process.argv.slice(2));
const found = longFunctions(options);
for (const f of found) console.log(`${String(f.lines).padStart(5)}  ${f.path}:${f.line}  ${f.name}`);
console.log(`${found.length} functions over ${options.lines} lines in ${options.folders.join(', ')}`);
if (options.max !== null && found.length > options.max) {
  console.error(`more than ${options.max}`);
  process.exitCode = 1;
}
