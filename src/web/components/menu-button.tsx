import { MoreVertical, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { cn } from './cn';

export interface MenuButtonItem {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  /** Destructive actions read red. */
  tone?: 'danger';
}

/**
 * An action menu behind a ⋮ button (menu button pattern): Enter/Space/ArrowDown open it on the
 * first item, arrows move, Escape or Tab close it and focus returns to the button. Rendered in a
 * portal at a fixed position so a table's horizontal scroll box never clips it. Every feature's row
 * menus use it (the events list's RowMenu too), so they all behave alike.
 */
export function MenuButton({ label, items }: { label: string; items: MenuButtonItem[] }) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);

  const close = (refocus = true) => {
    setOpen(false);
    setPosition(null);
    if (refocus) button.current?.focus();
  };

  /** The modal dialog this menu's button sits in, if any. */
  const host = () => button.current?.closest<HTMLElement>('[role="dialog"]') ?? null;

  const place = () => {
    if (!button.current) return;
    const rect = button.current.getBoundingClientRect();
    const width = 232;
    const height = 12 + items.length * 44;
    const below = rect.bottom + 4 + height <= window.innerHeight;
    // Inside a modal dialog the menu is rendered in the dialog (outside it, the dialog's modality
    // would block it); the dialog is transformed, which makes it the frame of `position: fixed`.
    const frame = host()?.getBoundingClientRect() ?? { top: 0, left: 0 };
    setPosition({
      top: (below ? rect.bottom + 4 : Math.max(8, rect.top - 4 - height)) - frame.top,
      left: Math.max(8, Math.min(rect.right - width, window.innerWidth - width - 8)) - frame.left,
    });
    return rect;
  };

  useLayoutEffect(() => {
    if (open) place();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- placed once per opening; scrolls re-place it below
  }, [open, items.length]);

  const placed = position !== null;
  useEffect(() => {
    // Focus once the menu is placed (it is hidden until then, and hidden elements take no focus).
    if (open && placed) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
  }, [open, placed]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) close(false);
    };
    // A scroll (often the one that brought the button into view on a phone) moves the menu with
    // its button; only when the button leaves the screen does the menu close.
    const onScroll = () => {
      const rect = place();
      if (rect && (rect.bottom < 0 || rect.top > window.innerHeight || rect.right < 0 || rect.left > window.innerWidth)) close(false);
    };
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('resize', onScroll);
    window.addEventListener('scroll', onScroll, true);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('resize', onScroll);
      window.removeEventListener('scroll', onScroll, true);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- listeners live for one opening
  }, [open]);

  const onMenuKey = (e: React.KeyboardEvent) => {
    const all = Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const at = all.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = (at + (e.key === 'ArrowDown' ? 1 : -1) + all.length) % all.length;
      all[next]?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      all[e.key === 'Home' ? 0 : all.length - 1]?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'Tab') {
      close(false);
    }
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={(e) => {
          e.stopPropagation();
          setOpen((v) => !v);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
        className="inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <MoreVertical className="size-5" aria-hidden="true" />
      </button>
      {open &&
        createPortal(
          <div
            ref={menu}
            id={`${id}-menu`}
            role="menu"
            aria-label={label}
            onKeyDown={onMenuKey}
            style={position ? { top: position.top, left: position.left } : { visibility: 'hidden' }}
            className="animate-fade-in fixed z-50 w-58 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
          >
            {items.map((item) => {
              const Icon = item.icon;
              return (
                <button
                  key={item.label}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  onClick={(e) => {
                    e.stopPropagation();
                    // Focus goes back to the row's button first, so a dialog opened next returns it there.
                    close();
                    item.onSelect();
                  }}
                  className={cn(
                    'flex h-10 w-full items-center gap-2 rounded-lg px-3 text-left text-sm font-medium hover:bg-slate-100 focus:bg-slate-100 focus:outline-none',
                    item.tone === 'danger' ? 'text-red-700' : 'text-slate-800',
                  )}
                >
                  <Icon className={cn('size-4', item.tone === 'danger' ? 'text-red-600' : 'text-slate-500')} aria-hidden="true" />
                  {item.label}
                </button>
              );
            })}
          </div>,
          host() ?? document.body,
        )}
    </>
  );
}
