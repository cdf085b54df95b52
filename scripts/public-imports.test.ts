import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The public pages' weight (docs/decisions/019-front-end-weight.md) guarded without a build: the
 * packages each public page reaches through static imports (what loads before it is usable;
 * `import()` and `import type` load nothing up front). `npm run measure:js` gives the bytes.
 */
const web = path.resolve(import.meta.dirname, '../src/web');
const staticImport = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolveLocal(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** Packages (by name) reached from `entry` through static imports of our own files. */
function packagesReached(entry: string): Set<string> {
  return new Set([...specifiersReached(entry)].map((spec) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/')));
}

/** Package import specifiers (`zod/mini`, `react-router`) reached from `entry` through static imports of our own files. */
function specifiersReached(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(staticImport)) {
      if (!spec) continue;
      if (spec.startsWith('.')) {
        if (/\.(css|svg|png|jpe?g|webp)$/.test(spec)) continue;
        const next = resolveLocal(file, spec);
        if (next) stack.push(next);
      } else {
        packages.add(spec);
      }
    }
  }
  return packages;
}

const heavy = ['zod', 'react-hook-form', '@hookform/resolvers', '@radix-ui/react-dialog', 'recharts', '@dnd-kit/core', 'qrcode', 'date-fns', 'barcode-detector'];

describe('what the public pages load before they are usable', () => {
  it('the home page: React, the router and icons only, no query library, forms, dialogs or dates', () => {
    const reached = packagesReached(path.join(web, 'features/public-site/home-page.tsx'));
    for (const name of [...heavy, '@tanstack/react-query']) expect(reached, name).not.toContain(name);
    expect(reached).toContain('react-router');
  });

  it('the coaching page and the public event list: no forms, schemas, dialogs, charts or date library', () => {
    for (const page of ['features/public-site/coaching-page.tsx', 'features/registrations/public/registration-list-page.tsx']) {
      const reached = packagesReached(path.join(web, page));
      for (const name of heavy) expect(reached, `${page}: ${name}`).not.toContain(name);
      expect(reached, page).toContain('@tanstack/react-query');
    }
  });

  it('the registration page: no schemas, form library, dialogs, QR or dates before the event shows (the form follows)', () => {
    const reached = packagesReached(path.join(web, 'features/registrations/public/register-page.tsx'));
    for (const name of heavy) expect(reached, name).not.toContain(name);
    expect(reached).toContain('@tanstack/react-query');
  });

  it('the registration page’s event schema, loaded before the event shows: zod only, not the organizer’s form schemas and their dates', () => {
    const reached = specifiersReached(path.resolve(web, '../domain/events/registration-event-contract.ts'));
    expect([...reached]).toEqual(['zod/mini']);
  });

  it('the registration form: zod only as zod/mini (classic zod is 22 KB gzip whichever methods a page uses), no form library (16 KB)', () => {
    const reached = specifiersReached(path.join(web, 'features/registrations/public/registration-form.tsx'));
    expect([...reached].filter((spec) => spec.startsWith('zod'))).toEqual(expect.arrayContaining(['zod/mini']));
    expect(reached).not.toContain('zod');
    for (const name of ['react-hook-form', '@hookform/resolvers/zod', '@radix-ui/react-dialog', 'date-fns']) expect(reached, name).not.toContain(name);
  });

  it('the running calendar: no schemas or form library before the list shows (the submission form follows on demand)', () => {
    const reached = packagesReached(path.join(web, 'features/event-calendar/calendar-page.tsx'));
    for (const name of ['zod', 'react-hook-form', '@hookform/resolvers', 'recharts', '@dnd-kit/core', 'qrcode', 'barcode-detector']) expect(reached, name).not.toContain(name);
    expect(reached).toContain('@tanstack/react-query');
  });

  it('the public coach page: no schemas, forms, dialogs or dates before the profile shows (the purchase dialogs come on a click)', () => {
    const reached = packagesReached(path.join(web, 'features/coaching/public-page/public-coach-page.tsx'));
    for (const name of heavy) expect(reached, name).not.toContain(name);
    expect(reached).toContain('@tanstack/react-query');
  });

  it('the entry loads no page, no query library and no zod (zod’s locale comes with the first screen)', () => {
    const reached = packagesReached(path.join(web, 'app/main.tsx'));
    expect([...reached].sort()).toEqual(['clsx', 'react', 'react-dom', 'react-router']);
  });
});
