/** The workout screenshot's checks (spec §5): a PNG or JPG image of at most 10 MB. */

export const MAX_SCREENSHOT_BYTES = 10 * 1024 * 1024;
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg'] as const;
export const SCREENSHOT_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';

export const screenshotMessages = {
  notImage: 'Harap pilih file gambar yang valid',
  tooLarge: 'Ukuran file terlalu besar. Maksimal 10MB',
} as const;

/** Null when the file may be used, otherwise the message to show. */
export function checkScreenshotFile(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  // Some systems send no MIME type for a dropped file: then the extension decides.
  const type = file.type.toLowerCase();
  const typeOk = type ? (SCREENSHOT_TYPES as readonly string[]).includes(type) : /\.(png|jpe?g)$/i.test(file.name);
  if (!typeOk) return screenshotMessages.notImage;
  if (file.size > MAX_SCREENSHOT_BYTES) return screenshotMessages.tooLarge;
  return null;
}

/** '2,4 MB' / '512 KB' for the chosen file's caption. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toLocaleString('id-ID', { maximumFractionDigits: 1 })} MB`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('id-ID')} KB`;
}
