import { describe, expect, it } from 'vitest';
import { scheduleFileProblem } from './schedule-api';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe("Unggah Jadwal's check before sending (spec §5)", () => {
  it('asks for a file, takes PNG, JPG and PDF only, at most 10MB', () => {
    expect(scheduleFileProblem(null)).toBe('Pilih file terlebih dahulu.');
    expect(scheduleFileProblem(file('jadwal.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'))).toBe('Format file harus PNG, JPG, atau PDF');
    expect(scheduleFileProblem(file('jadwal.webp', 'image/webp'))).toBe('Format file harus PNG, JPG, atau PDF');
    for (const [name, type] of [['a.pdf', 'application/pdf'], ['a.png', 'image/png'], ['a.jpg', 'image/jpeg'], ['a.JPEG', '']]) {
      expect(scheduleFileProblem(file(name!, type!)), name).toBeNull();
    }
    expect(scheduleFileProblem(file('besar.pdf', 'application/pdf', 10 * 1024 * 1024 + 1))).toBe('Ukuran file maksimal 10MB');
  });
});
