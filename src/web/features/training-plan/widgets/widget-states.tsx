import { RotateCw } from 'lucide-react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';

export function WidgetLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-8 text-brand-600">
      <Spinner className="size-6" label={label} />
    </div>
  );
}

export function WidgetError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="space-y-3">
      <Alert tone="error">{message}</Alert>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw className="size-4" aria-hidden="true" />
        Coba lagi
      </Button>
    </div>
  );
}
