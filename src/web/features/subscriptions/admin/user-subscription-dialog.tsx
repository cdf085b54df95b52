import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { UserSubscriptionPanel, type SubscriptionPanelUser } from './user-subscription-panel';

/**
 * The 'Langganan' button of a row in the admin user list: opens the user's subscription panel in
 * a dialog. `onChanged` runs after a grant.
 */
export function UserSubscriptionAction({ user, onChanged }: { user: SubscriptionPanelUser & { email: string }; onChanged?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" aria-label={`Langganan ${user.name}`} onClick={() => setOpen(true)} className="max-md:w-full">
        <CreditCard className="size-4" aria-hidden="true" />
        Langganan
      </Button>
      <Dialog open={open} onOpenChange={setOpen} size="xl" title={`Langganan ${user.name}`} description={<span className="break-all">{user.email}</span>}>
        {open && <UserSubscriptionPanel user={user} onChanged={onChanged} />}
      </Dialog>
    </>
  );
}
