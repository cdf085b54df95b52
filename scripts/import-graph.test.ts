import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_MARKER, between, importEdges, partOf, upward, walk, withProse } from './import-graph';

const src = path.resolve(import.meta.dirname, '../src');
const at = (rel: string) => path.join(src, rel);

describe('the drawing of the imports', () => {
  it('names each file by its part', () => {
    expect(partOf(at('web/features/events/events-api.ts'))).toBe('web/features/events');
    expect(partOf(at('web/app/router.tsx'))).toBe('web/app');
    expect(partOf(at('server/features/registrations/service.ts'))).toBe('server/features/registrations');
    expect(partOf(at('server/wiring.ts'))).toBe('server (app, wiring, main)');
    expect(partOf(at('server/job-registry.ts'))).toBe('server (app, wiring, main)');
    expect(partOf(at('server/config.ts'))).toBe('server (config, app-error)');
    expect(partOf(at('server/feature-kit.ts'))).toBe('server (config, app-error)');
    expect(partOf(at('domain/shared/money.ts'))).toBe('domain/shared');
  });

  it('shows web features side by side and no arrow back up from the server infrastructure', () => {
    const edges = importEdges(walk());
    expect(edges.get('web/app')).toContain('web/features/events');
    expect(between(edges, 'web/features/')).toEqual([]);
    expect(upward(edges)).toEqual([]);
  });
});

describe('regenerating docs/architecture.md', () => {
  it('keeps the prose above the marker and replaces only what is below it', () => {
    const before = `# Architecture\n\nProse a person wrote.\n\n${GENERATED_MARKER}\n\nold drawing\n`;
    const after = withProse(before, 'new drawing');
    expect(after).toBe(`# Architecture\n\nProse a person wrote.\n\n${GENERATED_MARKER}\n\nnew drawing\n`);
    expect(withProse(after, 'new drawing')).toBe(after);
  });

  it('keeps a document without the marker whole and adds the drawing after it', () => {
    expect(withProse('# Old\n', 'drawing')).toBe(`# Old\n\n${GENERATED_MARKER}\n\ndrawing\n`);
  });
});
