import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

export interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Read by screen readers as the drawer's name (visually hidden). */
  title: string;
  children: ReactNode;
  className?: string;
  /** Called when focus would return to the trigger; call `event.preventDefault()` to move it elsewhere. */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * An off-canvas panel from the left edge with an overlay: focus is trapped inside while open,
 * Escape and a click on the overlay close it, and focus returns to the button that opened it.
 */
export function Drawer({ open, onOpenChange, title, children, className, onCloseAutoFocus }: DrawerProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay data-testid="drawer-overlay" className="animate-fade-in fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
          className={cn(
            'animate-fade-in fixed inset-y-0 left-0 z-50 flex w-[min(18rem,85vw)] flex-col bg-white shadow-2xl focus:outline-none',
            className,
          )}
        >
          <RadixDialog.Title className="sr-only">{title}</RadixDialog.Title>
          <RadixDialog.Close
            className="absolute top-3 right-3 z-10 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            aria-label="Tutup menu"
          >
            <X className="size-5" aria-hidden="true" />
          </RadixDialog.Close>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
