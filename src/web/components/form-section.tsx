import { useId, type ReactNode } from 'react';

export interface FormSectionProps {
  title: string;
  /** A line under the title (what the section asks for, which fields are required). */
  description?: string;
  /**
   * 'dialog' (default): an <h3> over a rule, as in the dashboard's form dialogs. 'page': a named
   * region with an <h2>, as on the public pages. 'group': a small caps label over a few controls,
   * the section named by its title.
   */
  layout?: 'dialog' | 'page' | 'group';
  children: ReactNode;
}

/** One titled part of a long form; the layouts match FormField's. */
export function FormSection({ title, description, layout = 'dialog', children }: FormSectionProps) {
  const id = useId();
  if (layout === 'page') {
    return (
      <section aria-labelledby={id}>
        <h2 id={id} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        <div className="mt-4">{children}</div>
      </section>
    );
  }
  if (layout === 'group') {
    return (
      <section aria-label={title}>
        <h3 className="mb-3 text-xs font-bold tracking-wide text-brand-700 uppercase">{title}</h3>
        {description && <p className="mb-3 text-xs text-slate-600">{description}</p>}
        {children}
      </section>
    );
  }
  return (
    <section className="space-y-4">
      <div className="border-b border-slate-100 pb-2">
        <h3 className="text-base font-bold text-slate-900">{title}</h3>
        {description && <p className="text-xs text-slate-600">{description}</p>}
      </div>
      {children}
    </section>
  );
}
