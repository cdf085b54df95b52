import { ImagePlus, RefreshCw, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { IMAGE_MAX_BYTES } from '../../../domain/events/events';
import { ApiError } from '../../api/client';
import { Button } from '../../components/button';
import { cn } from '../../components/cn';
import { FieldError } from '../../components/input';
import { Spinner } from '../../components/spinner';
import { uploadImage } from './events-api';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

export interface ImageUploadFieldProps {
  label: string;
  value: string;
  onChange: (url: string) => void;
  /** A validation message from the form. */
  error?: string;
  /** Tells the form an upload is running (submit waits for it). */
  onBusyChange?: (busy: boolean) => void;
  previewClassName?: string;
}

/**
 * One image uploaded through POST /api/uploads (never to a third-party host), with progress,
 * a preview and the spec's hint: up to 10MB, image files only. The server checks the content again.
 */
export function ImageUploadField({ label, value, onChange, error, onBusyChange, previewClassName }: ImageUploadFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const message = uploadError ?? error;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    if (!file.type.startsWith('image/')) return setUploadError('File harus berupa gambar (PNG, JPG, WEBP).');
    if (file.size > IMAGE_MAX_BYTES) return setUploadError('Ukuran gambar maksimal 10MB.');
    setProgress(0);
    onBusyChange?.(true);
    try {
      const result = await uploadImage(file, setProgress);
      onChange(result.url);
    } catch (err) {
      setUploadError(err instanceof ApiError ? err.message : 'Gagal mengunggah gambar. Periksa koneksi internet Anda.');
    } finally {
      setProgress(null);
      onBusyChange?.(false);
      if (input.current) input.current.value = '';
    }
  };

  const uploading = progress !== null;
  return (
    <div className="min-w-0">
      <p id={`${id}-label`} className="text-sm font-semibold text-slate-800">
        {label}
      </p>
      <div className="mt-1 flex flex-col gap-3 sm:flex-row sm:items-center">
        <div
          className={cn(
            'relative flex aspect-[2/1] w-full shrink-0 items-center justify-center overflow-hidden rounded-xl border border-dashed bg-slate-50 sm:w-48',
            message ? 'border-red-400' : 'border-slate-300',
            previewClassName,
          )}
        >
          {value ? (
            <img src={value} alt={`Pratinjau ${label.toLowerCase()}`} className="size-full object-cover" />
          ) : (
            <ImagePlus className="size-8 text-slate-400" aria-hidden="true" />
          )}
          {uploading && (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-white/80 text-brand-700">
              <Spinner className="size-6" label="" />
              <span className="text-xs font-semibold">Mengunggah {Math.round(progress * 100)}%</span>
            </div>
          )}
        </div>
        <div className="min-w-0 space-y-2">
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            aria-labelledby={`${id}-label`}
            aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
            onChange={(e) => void pick(e.target.files?.[0])}
            disabled={uploading}
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => input.current?.click()} loading={uploading} aria-describedby={`${id}-hint`}>
              {value ? <RefreshCw className="size-4" aria-hidden="true" /> : <ImagePlus className="size-4" aria-hidden="true" />}
              {uploading ? 'Mengunggah...' : value ? 'Ganti Gambar' : 'Pilih Gambar'}
              <span className="sr-only">{label}</span>
            </Button>
            {value && !uploading && (
              <Button variant="ghost" size="sm" onClick={() => onChange('')}>
                <Trash2 className="size-4" aria-hidden="true" />
                Hapus<span className="sr-only"> {label}</span>
              </Button>
            )}
          </div>
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            PNG, JPG, WEBP atau GIF, maksimal 10MB.
          </p>
          {uploading && (
            <div className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label={`Unggah ${label}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)}>
              <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
            </div>
          )}
        </div>
      </div>
      <FieldError id={`${id}-error`} message={message} />
    </div>
  );
}
