// The architecture of DESIGN.md §3, enforced by lint (no plugin that needs a native resolver):
//   derap/boundaries  who may import whom (web features stay apart, server features meet only
//                     through a service, infrastructure never reaches into features; each feature
//                     imports its own tables, reads declared ones, writes no other owner's table)
//   derap/no-cycles   no import cycle among our own modules (type-only imports excluded)
//   derap/api-calls   a web feature calls the API only from its *-api.ts modules
//   derap/server-file-names  one naming scheme for the files of every server feature
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];

/** `src/web/features/events/x.tsx` → { side: 'web', layer: 'features', feature: 'events' } */
export function locate(relPath) {
  const parts = relPath.split(/[\\/]/);
  if (parts[0] !== 'src') return null;
  const side = parts[1];
  if (side === 'domain') return { side, layer: 'domain', feature: parts.length > 3 ? parts[2] : null, rest: parts.slice(2).join('/') };
  if (side !== 'web' && side !== 'server') return null;
  const layer = parts.length > 3 ? parts[2] : parts[2].replace(/\.[^.]+$/, '');
  const feature = layer === 'features' ? parts[3] : null;
  const rest = parts.slice(layer === 'features' ? 4 : 3).join('/');
  return { side, layer, feature, rest };
}

const webShared = new Set(['components', 'hooks', 'lib', 'api', 'styles', 'public']);
/** Server layers that compose the app: they may import any feature module, and only they import each other. */
const serverRoots = new Set(['app', 'main', 'wiring', 'job-registry']);
/** Server infrastructure: never a feature (features depend on it, not the other way). */
const serverInfra = new Set(['plugins', 'adapters', 'db', 'config', 'jobs', 'feature-kit']);

/**
 * A feature's public face: `service.ts` or `service.<topic>.ts` at the feature's root. A sub-slice's
 * own service (`registrations/management/service.ts`) is private; the root face re-exports from it.
 */
const isServiceModule = (rest) => /^service(\.[^/]*)?$/.test(rest);
const isTest = (relPath) => /\.test\.tsx?$/.test(relPath) || /(^|\/)src\/server\/test\//.test(relPath);

/** Why `from` may not import `to` (paths relative to the project root), or null when it may. */
export function boundaryViolation(fromRel, toRel) {
  const from = locate(fromRel);
  const to = locate(toRel);
  if (!from || !to || isTest(fromRel)) return null;
  if (from.side === 'domain' && to.side === 'domain') return domainViolation(from, to);
  if (from.side === 'web' && to.side === 'web') {
    if (from.layer === 'features') {
      if (to.layer === 'features' && to.feature === from.feature) return null;
      if (webShared.has(to.layer)) return null;
      return `A web feature imports only itself, components, hooks, lib, api and the domain (features/${from.feature} → ${to.layer === 'features' ? `features/${to.feature}` : to.layer}); let the app layer compose features.`;
    }
    if (webShared.has(from.layer) && (to.layer === 'features' || to.layer === 'app')) {
      return `Shared web code (${from.layer}) never imports ${to.layer === 'app' ? 'the app layer' : 'a feature'}.`;
    }
    return null;
  }
  if (from.side === 'server' && to.side === 'server') {
    if (serverRoots.has(to.layer) && !serverRoots.has(from.layer) && from.layer !== 'seed') {
      return `Only the composition (app, main, wiring, job-registry) imports the composition (${from.layer === 'features' ? `features/${from.feature}` : from.layer} → ${to.layer}); receive what you need as plugin options.`;
    }
    if (to.layer !== 'features' || serverRoots.has(from.layer)) return null;
    if (from.layer === 'features' && to.feature === from.feature) return null;
    if (serverInfra.has(from.layer)) return `Server infrastructure (${from.layer}) never imports a feature (features/${to.feature}); hand it what it needs from the wiring.`;
    if (isServiceModule(to.rest)) return null;
    return `A server feature uses another only through its service.ts (${from.layer === 'features' ? `features/${from.feature}` : from.layer} → features/${to.feature}/${to.rest}).`;
  }
  return null;
}

// ---- domain neighbours (issue 27 item 3) --------------------------------------------------

/**
 * The domain folders each domain folder may import besides `shared` (which imports none). One
 * small table on purpose: a new arrow between two features' rules is a decision, taken here.
 */
export const domainNeighbours = {
  activities: ['training-plan'],
  'ai-coach': ['subscriptions', 'training-plan'],
  auth: ['users'],
  coaching: ['training-plan'],
  events: ['payments'],
  registrations: ['events', 'payments'],
  strava: ['training-plan'],
  subscriptions: ['payments', 'users'],
  'training-plan': ['strava'],
  users: ['subscriptions'],
};

/** Why domain folder `from` may not import `to` (both located in src/domain), or null when it may. */
function domainViolation(from, to) {
  if (!from.feature || !to.feature || to.feature === from.feature || to.feature === 'shared') return null;
  if ((domainNeighbours[from.feature] ?? []).includes(to.feature)) return null;
  return `A domain folder imports only itself, shared and its declared neighbours (domain/${from.feature} → domain/${to.feature}); declare the neighbour in domainNeighbours (eslint-rules/architecture.js) if the rule belongs there.`;
}

/**
 * The one server file naming scheme: inside a feature or sub-slice, `routes.ts` / `service.ts` /
 * `<topic>.ts`, and several of a kind in one folder `routes.<topic>.ts` / `service.<topic>.ts`
 * (so `coaching/routes.profiles.ts`, never `profile-routes.ts`). Topics are kebab-case.
 */
const SCHEME_FILE = /^(routes|service)(\.[a-z0-9]+(-[a-z0-9]+)*)?(\.test)?\.ts$/;
const TOPIC_FILE = /^[a-z0-9]+(-[a-z0-9]+)*(\.test)?\.ts$/;
const ROUTES_OR_SERVICE_WORD = /(^|-)(routes|service)(-|\.)/;

/** Why the server feature file at `relPath` breaks the naming scheme, or null when it follows it. */
export function serverFileNameViolation(relPath) {
  const where = locate(relPath);
  if (!where || where.side !== 'server' || where.layer !== 'features' || !where.rest) return null;
  const name = path.basename(relPath);
  if (!/\.ts$/.test(name) || SCHEME_FILE.test(name)) return null;
  if (TOPIC_FILE.test(name) && !ROUTES_OR_SERVICE_WORD.test(name)) return null;
  return `Server feature files are named routes.ts / service.ts / <topic>.ts, or routes.<topic>.ts / service.<topic>.ts when a folder has several (${name}).`;
}

// ---- data ownership (issue 27 item 1) ------------------------------------------------------
// Each table lives in its owner's module, src/server/db/schema/<owner>.ts (`infra`: jobs, rate
// limits, cache versions, mail outbox). A server feature imports its own tables; another owner's
// only when declared below, and then only to READ them: a write goes through the owner's service.

const SCHEMA_DIR = 'src/server/db/schema/';
/** Owners whose tables every server feature may read. */
const sharedReads = ['users'];
/** Which other owners' tables a server feature reads (joins and reports), never writes. */
export const declaredReads = {
  'ai-coach': ['training-plan'],
  coaching: ['uploads'],
  events: ['payments', 'registrations'],
  'mail-outbox': ['infra'],
  metrics: ['infra'],
  payments: ['coaching', 'events', 'registrations'],
  registrations: ['events', 'payments', 'uploads'],
  subscriptions: ['payments'],
};

/** The owner whose tables `toRel` declares, or null when it is not a schema module. */
export function schemaOwner(toRel) {
  const rel = toRel.split(path.sep).join('/').replace(/\.ts$/, '');
  if (rel === SCHEMA_DIR.slice(0, -1)) return 'index';
  return rel.startsWith(SCHEMA_DIR) ? rel.slice(SCHEMA_DIR.length) : null;
}

/**
 * How a server feature file may use the tables of `toRel`: 'own', 'read' (declared), or a message
 * why it may not import them at all; null when the rule does not apply (not a feature file, a test,
 * not a schema module).
 */
export function tableAccess(fromRel, toRel) {
  const from = locate(fromRel);
  const owner = schemaOwner(toRel);
  if (!from || !owner || isTest(fromRel) || from.side !== 'server' || from.layer !== 'features') return null;
  if (owner === from.feature) return 'own';
  if (sharedReads.includes(owner) || (declaredReads[from.feature] ?? []).includes(owner)) return 'read';
  if (owner === 'index') return `A server feature imports tables from their owner's module (db/schema/<owner>), not from the index of all of them.`;
  return `features/${from.feature} may not use the tables of ${owner}: read them through its service, or declare the read in declaredReads (eslint-rules/architecture.js).`;
}

const WRITES = new Set(['insert', 'update', 'delete']);

/** Reports `x.insert(t)` / `x.update(t)` / `x.delete(t)` where `t` is a table the file may only read. */
function readOnlyTables(context, readOnly) {
  return {
    CallExpression(node) {
      const callee = node.callee;
      if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || !WRITES.has(callee.property.name)) return;
      const table = node.arguments[0];
      if (table?.type !== 'Identifier' || !readOnly.has(table.name)) return;
      context.report({ node, message: `${table.name} belongs to ${readOnly.get(table.name)}: a feature only reads it; write through ${readOnly.get(table.name)}'s service.` });
    },
  };
}

// ---- the boundaries rule ------------------------------------------------------------------

function resolveFile(absNoExt) {
  if (EXTENSIONS.some((e) => absNoExt.endsWith(e)) && existsSync(absNoExt)) return absNoExt;
  for (const e of EXTENSIONS) if (existsSync(absNoExt + e)) return absNoExt + e;
  for (const e of EXTENSIONS) if (existsSync(path.join(absNoExt, `index${e}`))) return path.join(absNoExt, `index${e}`);
  return null;
}

const boundaries = {
  meta: { type: 'problem', docs: { description: 'Import direction between layers and features (DESIGN.md §3)' }, schema: [] },
  create(context) {
    const cwd = context.cwd ?? process.cwd();
    const file = context.filename ?? context.getFilename();
    const fromRel = path.relative(cwd, file);
    /** Local names of tables this file may only read → their owner. */
    const readOnly = new Map();
    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const toRel = path.relative(cwd, target);
      const message = boundaryViolation(fromRel, toRel);
      if (message) context.report({ node, message });
      // A row type (`import type { OrderRow }`) describes data handed over by a service; it uses no table.
      const typeOnly = node.importKind === 'type' || (node.specifiers?.length > 0 && node.specifiers.every((sp) => sp.importKind === 'type'));
      const access = typeOnly ? null : tableAccess(fromRel, toRel);
      if (access === 'read' && node.type === 'ImportDeclaration') {
        for (const spec of node.specifiers) if (spec.type === 'ImportSpecifier') readOnly.set(spec.local.name, schemaOwner(toRel));
      } else if (access && access !== 'own' && access !== 'read') context.report({ node, message: access });
    }
    return {
      ...readOnlyTables(context, readOnly),
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

const serverFileNames = {
  meta: { type: 'suggestion', docs: { description: 'One file naming scheme for every server feature (DESIGN.md §3)' }, schema: [] },
  create(context) {
    const cwd = context.cwd ?? process.cwd();
    const message = serverFileNameViolation(path.relative(cwd, context.filename ?? context.getFilename()));
    return message ? { Program: (node) => context.report({ node, message }) } : {};
  },
};

// ---- cycles --------------------------------------------------------------------------------

const IMPORT_RE = /^\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"](\.[^'"]+)['"]|^\s*import\s+['"](\.[^'"]+)['"]/gm;

/** Relative imports that exist at run time (not `import type`, not all-`type` specifier lists). */
export function runtimeImports(source) {
  const out = [];
  for (const m of source.matchAll(IMPORT_RE)) {
    if (m[4]) {
      out.push(m[4]);
      continue;
    }
    if (m[1]) continue;
    const clause = m[2] ?? '';
    const braces = clause.match(/\{([^}]*)\}/);
    const outside = clause.replace(/\{[^}]*\}/, '').replace(/,/g, '').trim();
    if (braces && !outside) {
      const names = braces[1].split(',').map((s) => s.trim()).filter(Boolean);
      if (names.length > 0 && names.every((n) => n.startsWith('type '))) continue;
    }
    out.push(m[3]);
  }
  return out;
}

let graphCache = null;

function buildGraph(srcRoot) {
  const graph = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) {
        if (entry !== 'node_modules' && entry !== 'migrations') walk(full);
      } else if (/\.(ts|tsx)$/.test(entry) && !/\.test\.tsx?$/.test(entry)) {
        const deps = [];
        for (const spec of runtimeImports(readFileSync(full, 'utf8'))) {
          const resolved = resolveFile(path.resolve(dir, spec));
          if (resolved) deps.push(resolved);
        }
        graph.set(full, deps);
      }
    }
  };
  walk(srcRoot);
  return graph;
}

/** The shortest cycle through `start`, as a list of files, or null. */
export function cycleThrough(graph, start) {
  const queue = [[start]];
  const seen = new Set([start]);
  while (queue.length) {
    const trail = queue.shift();
    for (const next of graph.get(trail[trail.length - 1]) ?? []) {
      if (next === start) return [...trail, start];
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...trail, next]);
      }
    }
  }
  return null;
}

const noCycles = {
  meta: { type: 'problem', docs: { description: 'No import cycles among our modules' }, schema: [{ type: 'object', properties: { root: { type: 'string' } } }] },
  create(context) {
    const cwd = context.cwd ?? process.cwd();
    const file = context.filename ?? context.getFilename();
    const root = path.resolve(cwd, context.options[0]?.root ?? 'src');
    if (!file.startsWith(root + path.sep) || /\.test\.tsx?$/.test(file)) return {};
    return {
      'Program:exit'(node) {
        if (!graphCache || graphCache.root !== root) graphCache = { root, graph: buildGraph(root) };
        const cycle = cycleThrough(graphCache.graph, file);
        if (cycle) context.report({ node, message: `Import cycle: ${cycle.map((f) => path.relative(cwd, f)).join(' → ')}` });
      },
    };
  },
};

// ---- API calls ----------------------------------------------------------------------------

/** The shared API client's module, and the names that send requests with it. */
const API_CLIENT = 'src/web/api/client';
const REQUEST_NAMES = new Set(['api', 'createApiClient']);
const REQUEST_GLOBALS = new Set(['fetch', 'XMLHttpRequest', 'EventSource', 'WebSocket']);

/** Whether `relPath` is a web feature module that may not send requests itself (not a *-api.ts, not a test). */
export function mustCallThroughApiModule(relPath) {
  const where = locate(relPath);
  if (!where || where.side !== 'web' || where.layer !== 'features' || isTest(relPath)) return false;
  return !/-api\.tsx?$/.test(relPath);
}

const apiCalls = {
  meta: { type: 'problem', docs: { description: "A web feature calls the API only from its *-api.ts (DESIGN.md §3)" }, schema: [] },
  create(context) {
    const cwd = context.cwd ?? process.cwd();
    const file = context.filename ?? context.getFilename();
    if (!mustCallThroughApiModule(path.relative(cwd, file))) return {};
    const message = (what) => `${what} sends a request: API calls of a web feature live in its *-api.ts (hooks or functions the screens call).`;
    const isGlobal = (node) => {
      const scope = (context.sourceCode ?? context.getSourceCode()).getScope(node);
      const ref = scope.references.find((r) => r.identifier === node) ?? null;
      // Unresolved, or resolved to a configured global (no declaration of ours): the browser's own.
      return !ref || !ref.resolved || (ref.resolved.scope.type === 'global' && ref.resolved.defs.length === 0);
    };
    return {
      ImportDeclaration(node) {
        if (typeof node.source.value !== 'string' || !node.source.value.startsWith('.')) return;
        const target = path.relative(cwd, path.resolve(path.dirname(file), node.source.value)).replace(/\.tsx?$/, '');
        if (target.split(path.sep).join('/') !== API_CLIENT) return;
        for (const spec of node.specifiers) {
          if (spec.type === 'ImportSpecifier' && REQUEST_NAMES.has(spec.imported.name ?? spec.imported.value)) context.report({ node: spec, message: message(`'${spec.imported.name}'`) });
        }
      },
      'CallExpression, NewExpression'(node) {
        const callee = node.callee.type === 'MemberExpression' && node.callee.object.type === 'Identifier' && ['window', 'globalThis', 'self'].includes(node.callee.object.name) ? node.callee.property : node.callee;
        if (callee.type === 'Identifier' && REQUEST_GLOBALS.has(callee.name) && (callee !== node.callee || isGlobal(callee))) context.report({ node, message: message(callee.name) });
      },
    };
  },
};

export default { rules: { boundaries, 'no-cycles': noCycles, 'api-calls': apiCalls, 'server-file-names': serverFileNames } };
