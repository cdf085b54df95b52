import { DndContext } from '@dnd-kit/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LockedRun } from '../../../../domain/training-plan/contract';
import { TodayRuns } from '../widgets/today-runs';
import { RunChip } from './run-chip';
import { RunRow } from './run-row';

/** A locked AI run as the server sends it: no title, program or pace. */
const locked: LockedRun = { _id: 'run-locked', date: '20-07-2027', generatedby: 'ai', locked: true };

afterEach(cleanup);

/**
 * Locked AI runs (spec §2: blurred, not clickable, not draggable, 'Kunci') can be reached by no
 * pointer and no key: nothing about them is a button, a link or a focusable drag handle.
 */
describe('a locked run', () => {
  const expectUnopenable = (container: HTMLElement, onOpen: ReturnType<typeof vi.fn>) => {
    const el = container.querySelector<HTMLElement>('[data-locked="true"]')!;
    expect(el.textContent).toContain('Kunci');
    expect(el.querySelector('.blur-\\[2px\\]')).not.toBeNull();
    expect(container.querySelectorAll('button, a, [tabindex], [role="button"]')).toHaveLength(0);
    fireEvent.click(el);
    fireEvent.keyDown(el, { key: 'Enter', code: 'Enter' });
    fireEvent.keyDown(el, { key: ' ', code: 'Space' });
    fireEvent.pointerDown(el, { pointerType: 'mouse', isPrimary: true, button: 0 });
    expect(onOpen).not.toHaveBeenCalled();
  };

  it('in the month grid is a blurred chip with no button and no drag handle', () => {
    const onOpen = vi.fn();
    const { container } = render(
      <DndContext>
        <RunChip run={locked} day="2027-07-20" draggable onOpen={onOpen} />
      </DndContext>,
    );
    expect(container.querySelector('[aria-roledescription]')).toBeNull();
    expectUnopenable(container, onOpen);
  });

  it('in a list (upcoming runs, a day) is a row without a button', () => {
    const onOpen = vi.fn();
    const { container } = render(
      <ul>
        <RunRow run={locked} onOpen={onOpen} />
      </ul>,
    );
    expectUnopenable(container, onOpen);
  });

  it("in today's runs is an item without a button", () => {
    const onOpen = vi.fn();
    const { container } = render(<TodayRuns status="success" runs={[locked]} onOpen={onOpen} onRetry={() => {}} />);
    expectUnopenable(container, onOpen);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
