import { AlertCircle } from 'lucide-react';

export interface SummaryItem {
  /** The control's id: the link goes there. */
  id: string;
  label: string;
  message: string;
}

/**
 * What a submit found wrong, at the top of the form (GOV.UK's error summary): announced at once
 * (role=alert), each entry a link that moves to its field. The form itself moves the focus to the
 * first wrong field, which reads its own error as its description.
 */
export function ErrorSummary({ title, items, onSelect }: { title: string; items: SummaryItem[]; onSelect: (id: string) => void }) {
  return (
    <div role="alert" className="rounded-xl border-2 border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900" data-testid="error-summary">
      <p className="flex items-center gap-2 font-bold">
        <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
        {title}
      </p>
      <ul className="mt-2 space-y-1.5 pl-6">
        {items.map((item) => (
          <li key={item.id} className="list-disc">
            <a
              href={`#${item.id}`}
              className="font-semibold underline underline-offset-2 hover:text-red-700"
              onClick={(e) => {
                e.preventDefault();
                onSelect(item.id);
              }}
            >
              {item.label}
            </a>
            : {item.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
