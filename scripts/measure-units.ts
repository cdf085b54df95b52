/**
 * The size of the units a reader has to hold in the head (issue 27, item 5): product files over
 * 400 lines, React components over 350 lines, and any other function over 350 lines. Product code
 * is `src/` without tests, test support (`test/`, `testing/`) and migrations.
 *
 *   node --import tsx scripts/measure-units.ts [--files N] [--components N]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const fileLimit = arg('--files', 400);
const unitLimit = arg('--components', 350);

const isProduct = (path: string) =>
  /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && !/\/(test|testing|migrations)\//.test(path) && !path.endsWith('.d.ts');

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (isProduct(path)) yield path;
  }
}

interface Unit {
  file: string;
  name: string;
  lines: number;
  component: boolean;
}

/** Named functions (declarations, and arrow or function expressions bound to a name), outermost only. */
function unitsOf(file: string, text: string): Unit[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const units: Unit[] = [];
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const add = (name: string, node: ts.Node) => {
    const lines = lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
    units.push({ file, name, lines, component: file.endsWith('.tsx') && /^[A-Z]/.test(name) });
  };
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name && node.body) return add(node.name.text, node);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = node.initializer;
      // memo(function X() {…}) and forwardRef((props, ref) => …) are components too.
      const inner = ts.isCallExpression(init) ? init.arguments.find((a) => ts.isArrowFunction(a) || ts.isFunctionExpression(a)) : init;
      if (inner && (ts.isArrowFunction(inner) || ts.isFunctionExpression(inner))) return add(node.name.text, inner);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return units;
}

const files: { file: string; lines: number }[] = [];
const units: Unit[] = [];
for (const path of walk(join(root, 'src'))) {
  const text = readFileSync(path, 'utf8');
  const file = relative(root, path);
  files.push({ file, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) });
  units.push(...unitsOf(file, text));
}

const bigFiles = files.filter((f) => f.lines > fileLimit).sort((a, b) => b.lines - a.lines);
const bigComponents = units.filter((u) => u.component && u.lines > unitLimit).sort((a, b) => b.lines - a.lines);
const bigFunctions = units.filter((u) => !u.component && u.lines > unitLimit).sort((a, b) => b.lines - a.lines);

console.log(`product files: ${files.length}, ${files.reduce((n, f) => n + f.lines, 0)} lines`);
console.log(`files over ${fileLimit} lines: ${bigFiles.length}`);
for (const f of bigFiles) console.log(`  ${String(f.lines).padStart(5)}  ${f.file}`);
console.log(`components over ${unitLimit} lines: ${bigComponents.length}`);
for (const u of bigComponents) console.log(`  ${String(u.lines).padStart(5)}  ${u.name}  ${u.file}`);
console.log(`other functions over ${unitLimit} lines: ${bigFunctions.length}`);
for (const u of bigFunctions) console.log(`  ${String(u.lines).padStart(5)}  ${u.name}  ${u.file}`);
