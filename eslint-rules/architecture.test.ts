// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import architecture, { boundaryViolation, domainNeighbours, mustCallThroughApiModule, runtimeImports, serverFileNameViolation } from './architecture.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

/** ESLint with just our rules, as eslint.config.js enables them, over code at a path in the tree. */
async function lint(code: string, filePath: string, cwd = root) {
  const eslint = new ESLint({
    cwd,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { parser: tseslint.parser, globals: { fetch: 'readonly', XMLHttpRequest: 'readonly', window: 'readonly' } },
        plugins: { derap: architecture },
        rules: { 'derap/boundaries': 'error', 'derap/no-cycles': 'error', 'derap/api-calls': 'error', 'derap/server-file-names': 'error' },
      },
    ],
  });
  const [result] = await eslint.lintText(code, { filePath: path.join(cwd, filePath) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('derap/boundaries', () => {
  it('fires when a web feature imports another feature or the app layer', async () => {
    expect(await lint("import { eventKeys } from '../events/events-api';", 'src/web/features/registrations/x.ts')).toEqual([
      expect.stringMatching(/^derap\/boundaries: A web feature imports only itself/),
    ]);
    expect(await lint("const v = () => import('../../app/dashboard/dashboard-views');", 'src/web/features/users/x.ts')).toHaveLength(1);
    expect(await lint("export { ViewHeader } from '../training-plan/calendar/calendar-view';", 'src/web/features/users/x.ts')).toHaveLength(1);
  });

  it('lets a web feature use itself and the shared layers, and the app layer compose features', async () => {
    const ok = ["import { a } from './b';", "import { Button } from '../../components/button';", "import { ApiError } from '../../api/client';", "import { x } from '../../../domain/events/events';"];
    for (const code of ok) expect(await lint(code, 'src/web/features/events/x.tsx'), code).toEqual([]);
    expect(await lint("import { api } from '../../api/client';", 'src/web/features/events/events-api.ts')).toEqual([]);
    expect(await lint("import { EventListView } from '../../features/events/event-list-view';", 'src/web/app/dashboard/x.tsx')).toEqual([]);
    expect(await lint("import { x } from '../features/events/events-api';", 'src/web/components/x.tsx')).toHaveLength(1);
  });

  it("fires when a server feature reaches past another feature's service, or infrastructure into a feature", async () => {
    expect(await lint("import { x } from '../registrations/management/service';", 'src/server/features/events/x.ts')).toEqual([
      expect.stringMatching(/only through its service\.ts/),
    ]);
    expect(await lint("import { x } from '../registrations/service';", 'src/server/features/events/x.ts')).toEqual([]);
    expect(await lint("import { x } from '../features/auth/tokens';", 'src/server/plugins/x.ts')).toEqual([expect.stringMatching(/never imports a feature/)]);
    expect(await lint("import { x } from './features/auth/routes';", 'src/server/app.ts')).toEqual([]);
    // Tests may reach anything they set up.
    expect(await lint("import { x } from '../registrations/management/service';", 'src/server/features/events/x.test.ts')).toEqual([]);
  });

  it('is a pure function of the two paths', () => {
    expect(boundaryViolation('src/web/features/a/x.ts', 'src/web/features/b/y')).toMatch(/features\/a → features\/b/);
    expect(boundaryViolation('src/web/features/a/x.ts', 'src/web/features/a/deep/y')).toBeNull();
    expect(boundaryViolation('src/server/seed/x.ts', 'src/server/features/events/service')).toBeNull();
    expect(boundaryViolation('src/server/seed/x.ts', 'src/server/features/events/routes')).toMatch(/service\.ts/);
    // A sub-slice's service is private to its feature; the root service.ts is the face.
    expect(boundaryViolation('src/server/seed/x.ts', 'src/server/features/registrations/management/service')).toMatch(/service\.ts/);
    expect(boundaryViolation('src/server/seed/x.ts', 'src/server/features/coaching/service.profiles')).toBeNull();
    expect(boundaryViolation('src/server/features/registrations/service.ts', 'src/server/features/registrations/management/service')).toBeNull();
    // The job runner is infrastructure: the registry that names features' jobs is in the composition.
    expect(boundaryViolation('src/server/jobs/x.ts', 'src/server/features/events/routes')).toMatch(/never imports a feature/);
    expect(boundaryViolation('src/server/jobs/x.ts', 'src/server/features/events/service')).toMatch(/never imports a feature/);
    expect(boundaryViolation('src/server/job-registry.ts', 'src/server/features/events/plugin')).toBeNull();
  });
});

describe('derap/server-file-names', () => {
  it('fires on a server feature file outside the scheme', async () => {
    expect(await lint('export const x = 1;', 'src/server/features/coaching/profile-routes.ts')).toEqual([
      expect.stringMatching(/^derap\/server-file-names: Server feature files are named routes\.ts/),
    ]);
    for (const bad of ['organizer-service.ts', 'routes-admin.ts', 'service_admin.ts', 'checkin/checkin-service.ts', 'adminRoutes.ts', 'routes.admin.x.ts']) {
      expect(serverFileNameViolation(`src/server/features/registrations/${bad}`), bad).toMatch(/routes\.<topic>\.ts/);
    }
  });

  it('lets routes / service / topic files (and their tests) through, in a feature or a sub-slice', async () => {
    expect(await lint('export const x = 1;', 'src/server/features/coaching/routes.profiles.ts')).toEqual([]);
    for (const good of ['routes.ts', 'service.ts', 'routes.runner-data.ts', 'service.ledger.ts', 'waiting-list.ts', 'waiting-list.test.ts', 'public/routes.ts', 'management/service.runner-data.ts', 'checkin/checkin.test.ts']) {
      expect(serverFileNameViolation(`src/server/features/registrations/${good}`), good).toBeNull();
    }
    expect(serverFileNameViolation('src/server/plugins/input-guard.ts')).toBeNull();
    expect(serverFileNameViolation('src/web/features/events/events-api.ts')).toBeNull();
  });
});

// ---- domain neighbours and the composition (issue 27 item 3) -------------------------------

describe('derap/boundaries between domain folders', () => {
  it('fires when a domain folder imports an undeclared neighbour, and shared imports any feature', async () => {
    expect(await lint("import { x } from '../registrations/contract';", 'src/domain/events/x.ts')).toEqual([
      expect.stringMatching(/^derap\/boundaries: A domain folder imports only itself, shared and its declared neighbours \(domain\/events → domain\/registrations\)/),
    ]);
    expect(await lint("import type { X } from '../../events/events';", 'src/domain/ai-coach/chat/x.ts')).toHaveLength(1);
    expect(await lint("export { y } from '../payments/payments';", 'src/domain/shared/x.ts')).toHaveLength(1);
  });

  it('lets a domain folder use itself, shared and the neighbours it declares', async () => {
    const ok = ["import { a } from './b';", "import { d } from '../shared/wire-date';", "import { e } from '../events/events';", "import { p } from '../payments/payments';"];
    for (const code of ok) expect(await lint(code, 'src/domain/registrations/x.ts'), code).toEqual([]);
    expect(await lint("import { c } from '../../training-plan/contract';", 'src/domain/ai-coach/chat/x.ts')).toEqual([]);
    // Tests may reach anything they set up.
    expect(await lint("import { x } from '../registrations/contract';", 'src/domain/events/x.test.ts')).toEqual([]);
  });

  it('is a pure function of the two paths and the table', () => {
    expect(boundaryViolation('src/domain/users/x.ts', 'src/domain/subscriptions/subscription')).toBeNull();
    expect(boundaryViolation('src/domain/users/x.ts', 'src/domain/events/events')).toMatch(/domain\/users → domain\/events/);
    for (const [from, tos] of Object.entries(domainNeighbours)) {
      for (const to of tos) expect(boundaryViolation(`src/domain/${from}/x.ts`, `src/domain/${to}/y`), `${from} → ${to}`).toBeNull();
    }
  });
});

describe('derap/boundaries around the server composition', () => {
  it('fires when a feature or the infrastructure imports the composition', async () => {
    expect(await lint("import type { Services } from '../../wiring';", 'src/server/features/events/x.ts')).toEqual([
      expect.stringMatching(/^derap\/boundaries: Only the composition \(app, main, wiring, job-registry\) imports the composition \(features\/events → wiring\)/),
    ]);
    expect(await lint("import { jobRegistry } from '../job-registry';", 'src/server/jobs/x.ts')).toHaveLength(1);
    expect(await lint("import { x } from './features/events/plugin';", 'src/server/feature-kit.ts')).toEqual([expect.stringMatching(/never imports a feature/)]);
  });

  it('lets the composition import itself and every feature plugin', async () => {
    expect(await lint("import { jobRegistry } from './job-registry';\nimport { eventsFeature } from './features/events/plugin';", 'src/server/app.ts')).toEqual([]);
    expect(await lint("import type { JobContext } from './wiring';", 'src/server/job-registry.ts')).toEqual([]);
    expect(await lint("import { buildApp } from './app';", 'src/server/main.ts')).toEqual([]);
  });
});

describe('derap/no-cycles', () => {
  const fixture = path.join(here, 'fixtures', 'cycle');

  it('fires on a runtime import cycle, naming it', async () => {
    const code = "import { b } from './b';\nexport const a = () => b;\n";
    expect(await lint(code, 'src/a.ts', fixture)).toEqual(['derap/no-cycles: Import cycle: src/a.ts → src/b.ts → src/a.ts']);
  });

  it('ignores cycles made only of type imports', async () => {
    expect(await lint("import type { D } from './d';\nexport type C = { d?: D };\n", 'src/c.ts', fixture)).toEqual([]);
    expect(runtimeImports("import { type C, type E } from './c';\nimport type F from './f';\nimport { g } from './g';\nimport './h';")).toEqual(['./g', './h']);
  });
});

describe('derap/api-calls', () => {
  it('fires when a web feature module other than *-api.ts sends a request', async () => {
    expect(await lint("import { api } from '../../api/client';\nvoid api.get('/api/events');", 'src/web/features/events/event-list-view.tsx')).toEqual([
      expect.stringMatching(/^derap\/api-calls: 'api' sends a request: API calls of a web feature live in its \*-api\.ts/),
    ]);
    expect(await lint("import { createApiClient } from '../../../api/client';", 'src/web/features/registrations/scan/x.ts')).toHaveLength(1);
    expect(await lint("void fetch('/api/events');", 'src/web/features/events/x.tsx')).toEqual([expect.stringMatching(/^derap\/api-calls: fetch sends/)]);
    expect(await lint("void window.fetch('/api/events');", 'src/web/features/events/x.tsx')).toHaveLength(1);
    expect(await lint('const xhr = new XMLHttpRequest();\nvoid xhr;', 'src/web/features/events/x.tsx')).toHaveLength(1);
  });

  it('lets *-api.ts modules, tests, shared layers and local names through', async () => {
    const send = "import { api } from '../../api/client';\nvoid api.get('/api/events');\nvoid fetch('/x');";
    expect(await lint(send, 'src/web/features/events/events-api.ts')).toEqual([]);
    expect(await lint(send, 'src/web/features/events/x.test.tsx')).toEqual([]);
    expect(await lint("import { api } from '../api/client';\nvoid api.get('/api/auth/config');", 'src/web/lib/session.ts')).toEqual([]);
    expect(await lint('const fetch = (n: number) => n;\nvoid fetch(1);', 'src/web/features/events/x.tsx')).toEqual([]);
  });

  it('is a function of the path', () => {
    expect(mustCallThroughApiModule('src/web/features/events/event-list-view.tsx')).toBe(true);
    expect(mustCallThroughApiModule('src/web/features/registrations/runner-data/runner-data-api.ts')).toBe(false);
    expect(mustCallThroughApiModule('src/web/components/session-gate.tsx')).toBe(false);
    expect(mustCallThroughApiModule('src/server/features/events/routes.ts')).toBe(false);
  });
});
