import type { ReactNode } from 'react';
import { VIEW_TITLE_ID } from '../lib/dashboard-view';

/** The title row of a dashboard view: its <h1> (focus target after a view switch), a line of text, actions. */
export function ViewHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 id={VIEW_TITLE_ID} tabIndex={-1} className="text-2xl font-extrabold tracking-tight text-slate-900 focus:outline-none sm:text-3xl">
          {title}
        </h1>
        {description && <p className="mt-1 text-sm text-slate-600 sm:text-base">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
