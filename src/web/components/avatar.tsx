import { useState } from 'react';
import { cn } from './cn';

const sizes = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-xl' };

/** 'Budi Santoso' → 'BS'; one word → its first letter. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

/**
 * A user's photo, or their initials when there is none (or it fails to load).
 * Decorative by default (the name is usually printed next to it); pass `label` when it stands alone.
 */
export function Avatar({
  name,
  photo,
  size = 'md',
  label,
  className,
}: {
  name: string;
  photo?: string | null;
  size?: keyof typeof sizes;
  label?: string;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const showPhoto = Boolean(photo) && failed !== photo;
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <span
      {...a11y}
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-bold text-brand-800',
        sizes[size],
        className,
      )}
    >
      {showPhoto ? (
        <img
          src={photo!}
          alt=""
          className="size-full object-cover"
          referrerPolicy="no-referrer"
          onError={() => setFailed(photo ?? null)}
        />
      ) : (
        initialsOf(name)
      )}
    </span>
  );
}
