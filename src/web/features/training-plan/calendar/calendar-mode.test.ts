import { describe, expect, it } from 'vitest';
import { initialCalendarMode } from './calendar-mode';

describe('initialCalendarMode', () => {
  it('opens on the week list on a narrow screen and on the month on a wide one', () => {
    expect(initialCalendarMode(null, true)).toBe('week');
    expect(initialCalendarMode(null, false)).toBe('month');
  });

  it("keeps the runner's remembered choice whatever the screen", () => {
    expect(initialCalendarMode('month', true)).toBe('month');
    expect(initialCalendarMode('week', false)).toBe('week');
  });

  it('ignores a stored value it does not know', () => {
    expect(initialCalendarMode('agenda', true)).toBe('week');
    expect(initialCalendarMode('', false)).toBe('month');
  });
});
