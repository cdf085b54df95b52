import type { ReactNode } from 'react';

/** A section's title and one-line description, with its tools (filter, search) beside them from sm up. */
export function SectionHeader({ titleId, title, description, children }: { titleId: string; title: string; description: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h2 id={titleId} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-600">{description}</p>
      </div>
      {children}
    </div>
  );
}
