import { DndContext } from '@dnd-kit/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LockedRun } from '../../../../domain/training-plan/contract';
import { TodayRuns } from '../widgets/today-runs';
import { LockedRunDialog } from './locked-run-dialog';
import { RunChip } from './run-chip';
import { RunRow } from './run-row';

/** A locked AI run as the server sends it: no title, program or pace. */
const locked: LockedRun = { _id: 'run-locked', date: '20-07-2027', generatedby: 'ai', locked: true };

afterEach(cleanup);

/**
 * Locked AI runs (spec §2: blurred, 'Kunci', not draggable): a tap on one explains the lock instead
 * of doing nothing (issue 28 §1), and it never opens a log or becomes a drag handle.
 */
describe('a locked run', () => {
  const expectExplains = (container: HTMLElement, onOpen: ReturnType<typeof vi.fn>) => {
    const el = container.querySelector<HTMLElement>('[data-locked="true"]')!;
    expect(el.textContent).toContain('Kunci');
    expect(el.querySelector('.blur-\\[2px\\]')).not.toBeNull();
    expect(el.tagName).toBe('BUTTON');
    expect(el.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(el);
    expect(onOpen.mock.calls).toEqual([[locked]]);
  };

  it('in the month grid is a blurred chip that explains itself and has no drag handle', () => {
    const onOpen = vi.fn();
    const { container } = render(
      <DndContext>
        <RunChip run={locked} day="2027-07-20" draggable onOpen={onOpen} />
      </DndContext>,
    );
    expect(container.querySelector('[aria-roledescription]')).toBeNull();
    expect(screen.getByRole('button').getAttribute('aria-label')).toBe('Program ini dibatasi, Selasa, 20 Juli 2027, Kunci: lihat penjelasan');
    expectExplains(container, onOpen);
  });

  it('in a list (upcoming runs, a day) is a row that explains itself', () => {
    const onOpen = vi.fn();
    const { container } = render(
      <ul>
        <RunRow run={locked} onOpen={onOpen} />
      </ul>,
    );
    expectExplains(container, onOpen);
  });

  it("in today's runs is an item that explains itself", () => {
    const onOpen = vi.fn();
    const { container } = render(<TodayRuns status="success" runs={[locked]} onOpen={onOpen} onRetry={() => {}} />);
    expectExplains(container, onOpen);
  });
});

describe('<LockedRunDialog>', () => {
  it("tells the runner why (their trial's end) and 'Perpanjang' closes it and opens the plans", () => {
    const onOpenChange = vi.fn();
    const onRenew = vi.fn();
    render(<LockedRunDialog run={locked} onOpenChange={onOpenChange} viewer={{ view: 'runner', accessEnd: '2027-07-16', status: 'trialing' }} onRenew={onRenew} />);
    const dialog = screen.getByRole('dialog', { name: 'Latihan Terkunci' });
    expect(within(dialog).getByTestId('locked-run-explanation').textContent).toContain(
      'Latihan dari AI Coach pada Selasa, 20 Juli 2027 jatuh setelah uji coba gratismu berakhir (16 Juli 2027).',
    );
    expect(dialog.textContent).toContain('tetap ada di kalendermu');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Perpanjang' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onRenew).toHaveBeenCalledTimes(1);
  });

  it("in a coach's view speaks of the runner's subscription and offers no renewal", () => {
    render(<LockedRunDialog run={locked} onOpenChange={vi.fn()} viewer={{ view: 'coach' }} onRenew={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Latihan Terkunci' });
    expect(dialog.textContent).toContain('setelah langganan pelari berakhir');
    expect(within(dialog).queryByRole('button', { name: 'Perpanjang' })).toBeNull();
  });
});
