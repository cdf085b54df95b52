import type { LucideIcon } from 'lucide-react';
import { MenuButton } from '../../components/menu-button';

export interface RowMenuItem {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  /** A destructive action (red). */
  danger?: boolean;
}

/** An event row's action menu: the shared menu button (keyboard, portal, inside dialogs too). */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  return <MenuButton label={label} items={items.map(({ danger, ...item }) => ({ ...item, tone: danger ? ('danger' as const) : undefined }))} />;
}
