// Draws the imports between the code's parts (layers and features) as a Mermaid graph: what the
// architecture rules of eslint-rules/architecture.js allow, as it really is today.
// Usage: npm run graph (rewrites docs/architecture.md below its marker, keeping the prose above it);
// without --write it prints the generated part.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'src');
const architectureDoc = path.join(root, 'docs', 'architecture.md');

/** The line that separates the hand-written prose of docs/architecture.md from the drawing. */
export const GENERATED_MARKER = '<!-- Generated below by `npm run graph` (scripts/import-graph.ts): edit the prose above this line only. -->';

/**
 * The document with its prose kept and everything after the marker replaced: the prose is read by
 * people before the drawing, so regenerating must never drop it. A document without the marker
 * (the old, fully generated one) gets the marker appended, so nothing written there is lost either.
 */
export function withProse(existing: string, generated: string): string {
  const at = existing.indexOf(GENERATED_MARKER);
  const prose = at === -1 ? `${existing.trimEnd()}\n\n` : existing.slice(0, at);
  return `${prose}${GENERATED_MARKER}\n\n${generated.trim()}\n`;
}

export function walk(dir: string = src): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return walk(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The part a file belongs to: `web:feature:events`, `server:plugins`, `domain:shared`, … */
export function partOf(file: string): string | null {
  const rel = path.relative(src, file).split(path.sep);
  const [side, area, name] = rel;
  if (side === 'domain') return area && rel.length > 2 ? `domain/${area}` : 'domain';
  if (side === 'server') {
    if (area === 'features' && name && rel.length > 3) return `server/features/${name}`;
    if (area === 'test') return null;
    if (rel.length > 2) return `server/${area}`;
    // The composition (app, wiring, main, the job registry) sits above the features; config, AppError
    // and the feature kit (what a feature hands the composition) below them.
    return /^(app|wiring|main|job-registry)\.ts$/.test(area ?? '') ? 'server (app, wiring, main)' : 'server (config, app-error)';
  }
  if (side === 'web') {
    if (area === 'features' && name && rel.length > 3) return `web/features/${name}`;
    return rel.length > 2 ? `web/${area}` : 'web';
  }
  return null;
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

export function importEdges(files: string[]): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    const from = partOf(file);
    if (!from) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = partOf(path.resolve(path.dirname(file), m[1] ?? m[2]!));
      if (!target || target === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(target);
    }
  }
  return edges;
}

const id = (part: string) => part.replace(/[^a-zA-Z0-9]/g, '_');

function mermaid(edges: Map<string, Set<string>>, side: 'web' | 'server'): string {
  const lines = ['```mermaid', 'flowchart TB'];
  const parts = new Set<string>();
  const arrows = new Set<string>();
  for (const [from, tos] of edges) {
    if (!from.startsWith(side)) continue;
    // The domain is the bottom layer everything may use: one box, so the drawing stays readable.
    for (const to of new Set([...tos].map((t) => (t.startsWith('domain') ? 'domain' : t)))) {
      parts.add(from);
      parts.add(to);
      arrows.add(`  ${id(from)} --> ${id(to)}`);
    }
  }
  lines.push(...arrows);
  const nodes = [...parts].sort().map((p) => `  ${id(p)}["${p}"]`);
  return [...lines.slice(0, 2), ...nodes, ...lines.slice(2).sort(), '```'].join('\n');
}

export const between = (edges: Map<string, Set<string>>, prefix: string) =>
  [...edges].flatMap(([from, tos]) => (from.startsWith(prefix) ? [...tos].filter((to) => to.startsWith(prefix)).map((to) => `${from} → ${to}`) : []));
/** Infrastructure (plugins, adapters, db, the job runner, config) importing a feature or the composition: an arrow back up. */
export const upward = (edges: Map<string, Set<string>>) =>
  [...edges].flatMap(([from, tos]) =>
    /^server\/(plugins|adapters|db|jobs)$/.test(from) || from === 'server (config, app-error)'
      ? [...tos].filter((to) => to.startsWith('server/features/') || to === 'server (app, wiring, main)').map((to) => `${from} → ${to}`)
      : [],
  );

export function drawing(): string {
  const edges = importEdges(walk());
  const crossWeb = between(edges, 'web/features/');
  const back = upward(edges);
  return `## The imports, drawn

Generated by \`npm run graph\` from the source (tests left out). An arrow is "imports from". Lint
keeps it this way (eslint-rules/architecture.js).

- Imports between web features: ${crossWeb.length}${crossWeb.length ? ` (${crossWeb.join(', ')})` : ''}
- Server infrastructure (plugins, adapters, db, jobs, config) importing a feature or the composition: ${back.length}${back.length ? ` (${back.join(', ')})` : ''}

### Web

${mermaid(edges, 'web')}

### Server

Features meet only through each other's \`service.ts\`; \`app.ts\`, \`wiring.ts\` and \`job-registry.ts\`
are the composition above them (each feature hands it one \`plugin.ts\`); config, \`AppError\`, the
feature kit and \`jobs/\` (the runner) are below them.

${mermaid(edges, 'server')}
`;
}

function main() {
  if (!process.argv.includes('--write')) {
    console.log(drawing());
    return;
  }
  writeFileSync(architectureDoc, withProse(readFileSync(architectureDoc, 'utf8'), drawing()));
  console.log(`wrote ${path.relative(root, architectureDoc)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
