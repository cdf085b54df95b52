import { Hourglass, type LucideIcon } from 'lucide-react';
import { Badge } from '../../components/badge';
import { EmptyState } from '../../components/empty-state';
import { ViewHeader } from '../../components/view-header';
import type { DashboardViewProps } from '../../lib/dashboard-view';

/**
 * Makes the stand-in for a view that a later issue builds: the view's title and a titled
 * 'Segera hadir' empty state. Replace the registry entry's component when the real one lands.
 */
export function comingSoonView({ title, description, icon = Hourglass }: { title: string; description: string; icon?: LucideIcon }) {
  function ComingSoonView(_props: DashboardViewProps) {
    return (
      <>
        <ViewHeader
          title={
            <span className="inline-flex flex-wrap items-center gap-3">
              {title} <Badge tone="brand">Segera hadir</Badge>
            </span>
          }
        />
        <EmptyState icon={icon} title={`${title} segera hadir`} description={description} className="bg-white" />
      </>
    );
  }
  ComingSoonView.displayName = `ComingSoon(${title})`;
  return ComingSoonView;
}
