// Counts how hand-kept the server's composition is (issue 27 item 3):
// - the feature imports and registrations written out in src/server/app.ts;
// - upward imports in the server: a file importing one of a higher layer. The layers, top down:
//   the composition (app, main, wiring, the job registry, and seed/ which is an entry of its own),
//   the features, then everything they stand on (plugins, adapters, db, jobs, config, app-error, …).
//   Type-only imports count too: they are arrows a reader has to follow all the same.
// Usage: node --import tsx scripts/measure-composition.ts
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { walk } from './import-graph';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'src', 'server');

const COMPOSITION = /^(app|main|wiring|job-registry)\.ts$/;

/** 3 composition, 2 feature, 1 below the features; null for tests and their fixtures. */
export function serverLayer(file: string): { rank: number; part: string } | null {
  const rel = path.relative(server, file).split(path.sep);
  if (rel[0] === '..' || rel[0] === 'test' || /\.test\.tsx?$/.test(file)) return null;
  if (rel.length === 1) return COMPOSITION.test(rel[0]!) ? { rank: 3, part: 'composition' } : { rank: 1, part: rel[0]!.replace(/\.tsx?$/, '') };
  if (rel[0] === 'seed') return { rank: 3, part: 'seed' };
  if (rel[0] === 'features') return { rank: 2, part: `features/${rel[1]}` };
  return { rank: 1, part: rel[0]! };
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

export function upwardImports(files: string[] = walk(server)): string[] {
  const found: string[] = [];
  for (const file of files) {
    const from = serverLayer(file);
    if (!from) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = path.resolve(path.dirname(file), m[1] ?? m[2]!);
      const to = serverLayer(`${target}.ts`);
      if (to && to.rank > from.rank) found.push(`${path.relative(root, file)} → ${path.relative(root, target)}`);
    }
  }
  return found;
}

export function appComposition(source = readFileSync(path.join(server, 'app.ts'), 'utf8')) {
  const featureImports = [...source.matchAll(/^import .* from '\.\/features\/[^']+';$/gm)].length;
  const registrations = [...source.matchAll(/app\.register\(\s*feature\(/g)].length;
  return { featureImports, registrations };
}

function main() {
  const { featureImports, registrations } = appComposition();
  const upward = upwardImports();
  console.log(`app.ts: ${featureImports} feature imports, ${registrations} feature registrations`);
  console.log(`upward imports in src/server: ${upward.length}`);
  for (const line of upward) console.log(`  ${line}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
