import { FileUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { ACTIVITY_FILE_ACCEPT, activityFileProblem, activityMessages } from '../../../../domain/activities/activities';
import { ApiError } from '../../../api/client';
import { Button } from '../../../components/button';
import type { ActivityPrefill, ReadActivityFile } from '../log-result/activity-file-drop';
import { parseActivityFile } from '../training-plan-api';

export interface ActivityImportButtonProps {
  /** The file was read: the calendar opens the run of its day (or a new one) with its figures. */
  onImported: (prefill: ActivityPrefill) => void;
  /** Injectable for tests; the API call by default. */
  read?: ReadActivityFile;
}

/** The API call, looked up when a file is read (tests that replace the API module need not provide it). */
const readWithApi: ReadActivityFile = (file) => parseActivityFile(file);

/**
 * 'Impor File Aktivitas' in the calendar's left column: pick a .fit/.gpx/.tcx file; while the
 * server reads it the button says so; a file it cannot read is explained under the button.
 */
export function ActivityImportButton({ onImported, read = readWithApi }: ActivityImportButtonProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [reading, setReading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = activityFileProblem(file);
    if (problem) return setError(problem);
    setError(null);
    setReading(file.name);
    try {
      onImported({ reading: await read(file), fileName: file.name });
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : activityMessages.failed);
    } finally {
      setReading(null);
    }
  };

  return (
    <div className="min-w-0">
      <input
        ref={inputRef}
        type="file"
        accept={ACTIVITY_FILE_ACCEPT}
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="activity-import-input"
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Button
        variant="outline"
        className="w-full"
        loading={reading !== null}
        aria-describedby={error ? errorId : undefined}
        onClick={() => inputRef.current?.click()}
      >
        {reading === null && <FileUp className="size-4" aria-hidden="true" />}
        {reading === null ? 'Impor File Aktivitas' : 'Membaca file…'}
      </Button>
      {reading !== null && (
        <p role="status" className="sr-only">
          Membaca {reading}…
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
