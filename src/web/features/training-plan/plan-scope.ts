/**
 * Whose plan the training-plan hooks read and write: the caller's own (the runner's calendar), or a
 * connected runner's in a coach's Ubah Jadwal (runner-and-coach §6). Apart from the API module so
 * the calendar's components read it even where tests replace that module.
 */
import { createContext, createElement, useContext, type ReactNode } from 'react';

/** Whose plan the hooks below read and write: the caller's own, or (a coach) a connected runner's. */
export interface PlanScope {
  runnerId: string | null;
  /** Whose rules the calendar follows (runner-and-coach §5: coach log rules, coach special-run list, maker). */
  view: 'runner' | 'coach';
}

const PlanScopeContext = createContext<PlanScope>({ runnerId: null, view: 'runner' });

/** A coach's calendar for `runnerId`: every plan hook inside uses the runner's routes and the coach's rules. */
export function PlanScopeProvider({ runnerId, children }: { runnerId: string | null | undefined; children: ReactNode }) {
  return createElement(PlanScopeContext.Provider, { value: runnerId ? { runnerId, view: 'coach' } : { runnerId: null, view: 'runner' } }, children);
}

export const usePlanScope = () => useContext(PlanScopeContext);
