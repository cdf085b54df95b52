import { DismissibleAlert } from '../../components/alert';
import { stravaReturnMessages, type StravaReturn } from './strava-return';

/**
 * The dashboard's message after Strava's consent page: connected, or why the link was not made
 * (denied, a missing scope, an athlete linked to another account, an expired link ...). Stays
 * until closed, unlike a toast: a reason to act on must not vanish while it is being read.
 */
export function StravaReturnBanner({ outcome, onDismiss }: { outcome: StravaReturn; onDismiss: () => void }) {
  const connected = outcome === 'connected';
  return (
    <DismissibleAlert
      data-testid="strava-return"
      data-outcome={outcome}
      className="mb-6"
      tone={connected ? 'success' : 'error'}
      title={connected ? undefined : 'Strava belum terhubung.'}
      onDismiss={onDismiss}
      dismissLabel="Tutup pesan Strava"
    >
      {stravaReturnMessages[outcome]}
    </DismissibleAlert>
  );
}
