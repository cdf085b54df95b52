import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following changes (false where matchMedia is missing).
 * The same hook as the events feature's own copy, here for every feature (a feature cannot import another).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}
