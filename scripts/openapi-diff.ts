/**
 * Compares two OpenAPI documents of the API (saved with scripts/openapi-doc.ts) and prints every
 * difference, marking the allowed kind: an operation's body or response schema that was empty
 * (`{}` or an object without properties that takes anything) and now has fields. It also counts the
 * gaps of each document. Exits 1 when anything else differs.
 * Usage: node --import tsx scripts/openapi-diff.ts before.json after.json
 */
import { readFileSync } from 'node:fs';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Doc = { paths: Record<string, Record<string, Operation>> };
type Operation = {
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, { content?: Record<string, { schema?: Json }> }>;
};

const methods = ['get', 'post', 'put', 'patch', 'delete'];
const bodyMethods = ['post', 'put', 'patch'];

/** A schema that says nothing: `{}`, or an object without properties that takes any property. */
export function isEmptySchema(schema: Json | undefined): boolean {
  if (schema === undefined || schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema === undefined;
  const keys = Object.keys(schema).filter((k) => k !== 'description' && k !== '$schema');
  if (keys.length === 0) return true;
  const props = schema.properties;
  const extra = schema.additionalProperties;
  const anyExtra = extra === undefined || extra === true || (typeof extra === 'object' && extra !== null && Object.keys(extra).length === 0);
  return schema.type === 'object' && (!props || Object.keys(props).length === 0) && anyExtra && !schema.anyOf && !schema.oneOf;
}

function operations(doc: Doc) {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([m]) => methods.includes(m))
      .map(([m, op]) => ({ key: `${m.toUpperCase()} ${path}`, method: m, op })),
  );
}

/** What a document leaves undescribed: empty bodies, body methods without a body, success answers without a schema. */
export function gaps(doc: Doc) {
  const emptyBodies: string[] = [];
  const noBody: string[] = [];
  const noSuccessSchema: string[] = [];
  for (const { key, method, op } of operations(doc)) {
    const content = op.requestBody?.content;
    if (content) for (const [type, c] of Object.entries(content)) if (isEmptySchema(c.schema)) emptyBodies.push(`${key} ${type}`);
    if (!content && bodyMethods.includes(method)) noBody.push(key);
    const successes = Object.entries(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
    const described = successes.some(([, r]) => Object.values(r.content ?? {}).some((c) => !isEmptySchema(c.schema)));
    if (!described) noSuccessSchema.push(key);
  }
  return { operations: operations(doc).length, emptyBodies, noBody, noSuccessSchema };
}

function differences(a: Json | undefined, b: Json | undefined, at: string, out: { at: string; before: Json | undefined; after: Json | undefined }[]) {
  if (JSON.stringify(a) === JSON.stringify(b)) return;
  const objectish = (v: Json | undefined): v is { [key: string]: Json } | Json[] => typeof v === 'object' && v !== null;
  if (objectish(a) && objectish(b) && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) differences((a as Record<string, Json>)[k], (b as Record<string, Json>)[k], `${at}/${k}`, out);
    return;
  }
  out.push({ at, before: a, after: b });
}

/** The schema roots (body and response content) under which a once-empty schema may gain fields. */
function schemaRoots(doc: Doc) {
  const roots = new Map<string, Json | undefined>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(ops)) {
      for (const [type, c] of Object.entries(op.requestBody?.content ?? {})) roots.set(`/paths/${path}/${m}/requestBody/content/${type}/schema`, c.schema);
      for (const [status, r] of Object.entries(op.responses ?? {}))
        for (const [type, c] of Object.entries(r.content ?? {})) roots.set(`/paths/${path}/${m}/responses/${status}/content/${type}/schema`, c.schema);
    }
  }
  return roots;
}

export function compare(before: Doc, after: Doc) {
  const all: { at: string; before: Json | undefined; after: Json | undefined }[] = [];
  differences(before as unknown as Json, after as unknown as Json, '', all);
  const roots = schemaRoots(before);
  const newSchemas = new Set<string>();
  const other: typeof all = [];
  for (const d of all) {
    const root = [...roots.keys()].find((r) => d.at === r || d.at.startsWith(`${r}/`));
    if (root && isEmptySchema(roots.get(root))) newSchemas.add(root);
    else other.push(d);
  }
  return { newSchemas: [...newSchemas], other };
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''));
if (isMain) {
  const [beforeFile, afterFile] = process.argv.slice(2);
  if (!beforeFile || !afterFile) {
    console.error('usage: node --import tsx scripts/openapi-diff.ts before.json after.json');
    process.exit(2);
  }
  const before = JSON.parse(readFileSync(beforeFile, 'utf8')) as Doc;
  const after = JSON.parse(readFileSync(afterFile, 'utf8')) as Doc;
  const { newSchemas, other } = compare(before, after);
  for (const [name, doc] of [['before', before], ['after', after]] as const) {
    const g = gaps(doc);
    console.log(`${name}: ${g.operations} operations, ${g.emptyBodies.length} empty bodies, ${g.noBody.length} body methods without a body, ${g.noSuccessSchema.length} without a success schema`);
    for (const e of g.emptyBodies) console.log(`  empty body: ${e}`);
  }
  console.log(`\nnew schemas where the document had an empty one (allowed): ${newSchemas.length}`);
  for (const s of newSchemas) console.log(`  + ${s}`);
  console.log(`\nother differences: ${other.length}`);
  for (const d of other) console.log(`  ${d.at}\n    before: ${JSON.stringify(d.before)}\n    after:  ${JSON.stringify(d.after)}`);
  process.exit(other.length ? 1 : 0);
}
