import { useEffect, useState } from 'react';

/** The desk's service worker (built by scripts/vite-desk-sw.ts from desk-sw.js) and its scope. */
export const DESK_SW_URL = '/desk-sw.js';
export const DESK_SCOPE = '/desk';

function ensureHeadLink(rel: string, href: string) {
  if (document.head.querySelector(`link[rel="${rel}"]`)) return;
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  document.head.append(link);
}

export type OfflineShell = 'unsupported' | 'installing' | 'ready';

/**
 * Makes the desk an installable web app: its manifest ('Derap Meja Racepack') and its service
 * worker, which keeps the desk's page and code on the device so it opens without a connection.
 * Only in the built app (the dev server's modules are not what the worker caches).
 */
export function useDeskInstall(): OfflineShell {
  const supported = typeof navigator !== 'undefined' && 'serviceWorker' in navigator && window.isSecureContext && import.meta.env.PROD;
  const [state, setState] = useState<OfflineShell>(() => (!supported ? 'unsupported' : navigator.serviceWorker.controller ? 'ready' : 'installing'));
  useEffect(() => {
    ensureHeadLink('manifest', '/desk.webmanifest');
    ensureHeadLink('apple-touch-icon', '/desk-icon-192.png');
    if (!supported) return;
    let alive = true;
    const onControl = () => alive && setState('ready');
    navigator.serviceWorker.addEventListener('controllerchange', onControl);
    navigator.serviceWorker
      .register(DESK_SW_URL, { scope: DESK_SCOPE })
      .then(() => navigator.serviceWorker.ready)
      .then(() => {
        if (navigator.serviceWorker.controller) onControl();
      })
      .catch(() => alive && setState('unsupported'));
    return () => {
      alive = false;
      navigator.serviceWorker.removeEventListener('controllerchange', onControl);
    };
  }, [supported]);
  return state;
}
