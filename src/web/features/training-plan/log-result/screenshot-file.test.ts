import { describe, expect, it } from 'vitest';
import { checkScreenshotFile, formatFileSize, MAX_SCREENSHOT_BYTES, screenshotMessages } from './screenshot-file';

describe('checkScreenshotFile', () => {
  it('accepts PNG and JPG images up to 10 MB', () => {
    expect(checkScreenshotFile({ name: 'strava.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(checkScreenshotFile({ name: 'garmin.jpg', type: 'image/jpeg', size: MAX_SCREENSHOT_BYTES })).toBeNull();
  });

  it('refuses other files with the spec’s message', () => {
    for (const file of [
      { name: 'jadwal.pdf', type: 'application/pdf', size: 1000 },
      { name: 'anim.gif', type: 'image/gif', size: 1000 },
      { name: 'catatan.txt', type: 'text/plain', size: 10 },
    ]) {
      expect(checkScreenshotFile(file)).toBe(screenshotMessages.notImage);
    }
  });

  it('refuses a file over 10 MB', () => {
    expect(checkScreenshotFile({ name: 'besar.png', type: 'image/png', size: MAX_SCREENSHOT_BYTES + 1 })).toBe(screenshotMessages.tooLarge);
    expect(screenshotMessages.tooLarge).toBe('Ukuran file terlalu besar. Maksimal 10MB');
  });

  it('falls back to the extension when the browser gives no type', () => {
    expect(checkScreenshotFile({ name: 'FOTO.JPEG', type: '', size: 10 })).toBeNull();
    expect(checkScreenshotFile({ name: 'data.bin', type: '', size: 10 })).toBe(screenshotMessages.notImage);
  });
});

describe('formatFileSize', () => {
  it('prints KB below a megabyte and MB with one decimal above', () => {
    expect(formatFileSize(500)).toBe('1 KB');
    expect(formatFileSize(200 * 1024)).toBe('200 KB');
    expect(formatFileSize(2.5 * 1024 * 1024)).toBe('2,5 MB');
  });
});
