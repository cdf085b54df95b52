import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode, type RefObject } from 'react';
import { cn } from './cn';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl' | '2xl';
  /** Hide the corner close button (for flows that must be answered). */
  hideClose?: boolean;
  /** What gets focus on opening (else the first focusable element); instead of `autoFocus`, which Preact does not run on elements added later. */
  initialFocus?: RefObject<HTMLElement | null>;
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl', '2xl': 'max-w-6xl' };

/** Accessible modal (focus trap, Escape, labelled title) that fits a 360 px phone. */
export function Dialog({ open, onOpenChange, title, description, children, footer, size = 'md', hideClose, initialFocus }: DialogProps) {
  // Opened from code (no Radix Trigger), Radix would drop focus on <body> when closing:
  // remember what had focus on opening and give it back.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-slate-900/60" />
        <RadixDialog.Content
          className={cn(
            'animate-dialog-in fixed top-1/2 left-1/2 z-50 flex max-h-[92dvh] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-2xl',
            widths[size],
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            if (initialFocus?.current) {
              event.preventDefault();
              initialFocus.current.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo.current;
            returnFocusTo.current = null;
            if (target && target !== document.body && target.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 py-4">
            <div>
              <RadixDialog.Title className="text-lg font-bold text-slate-900">{title}</RadixDialog.Title>
              {description && <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>}
            </div>
            {!hideClose && (
              <RadixDialog.Close className="-m-1 rounded-lg p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800" aria-label="Tutup">
                <X className="size-5" />
              </RadixDialog.Close>
            )}
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 px-5 py-3">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
