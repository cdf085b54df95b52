/**
 * Whose plan the AI works on: the signed-in runner's own (`/api/ai/*`, premium only), or a connected
 * runner's, asked by their coach (`/api/coach/runner/{runnerId}/ai/*`, decision 025: no premium
 * needed, the coach's quota). Apart from the API module so components read it where tests replace that module.
 */
import { createContext, createElement, useContext, type ReactNode } from 'react';

export interface AiScope {
  /** The runner a coach is planning for, or null for the caller's own plan. */
  runnerId: string | null;
  base: string;
}

const AiScopeContext = createContext<AiScope>({ runnerId: null, base: '/api/ai' });

export function AiScopeProvider({ runnerId, children }: { runnerId: string | null | undefined; children: ReactNode }) {
  const value = runnerId ? { runnerId, base: `/api/coach/runner/${encodeURIComponent(runnerId)}/ai` } : { runnerId: null, base: '/api/ai' };
  return createElement(AiScopeContext.Provider, { value }, children);
}

export const useAiScope = () => useContext(AiScopeContext);
