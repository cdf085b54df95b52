/**
 * What the web app keeps on a device beyond the session (decision 022): the offline racepack desk's
 * check-in lists (names, BIB names: personal data) in one IndexedDB database, its queue of marks not
 * yet synced (registration ids, times, device) in another. Signing out deletes the lists; the queue
 * stays so racepacks handed out offline are not lost, and syncs after the next sign-in.
 */
export const DESK_LIST_DB = 'derap-desk-list';
export const DESK_QUEUE_DB = 'derap-desk-queue';

/** Deletes the desk's check-in lists from this device; resolves when done (or when there is no IndexedDB). */
export function clearDeviceData(): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(DESK_LIST_DB);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    // An open desk tab closes its connection when asked (desk-db.ts); never hang the sign-out on it.
    request.onblocked = () => setTimeout(resolve, 1000);
  });
}
