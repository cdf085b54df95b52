import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CoachProfile } from '../../../../domain/coaching/contract';
import { VerificationCard } from './verification-card';

afterEach(cleanup);

const mutate = vi.fn();
vi.mock('./profile-api', () => ({ useRequestVerification: () => ({ mutate, isPending: false, isError: false, isSuccess: false }) }));

const profile = (over: Partial<CoachProfile> = {}): CoachProfile => ({
  _id: 'p1',
  userId: 'u1',
  shownName: 'Andi',
  headline: '',
  bio: '',
  certifications: [],
  profileImageUrl: null,
  headerImageUrl: null,
  location: '',
  availability: true,
  uniquelink: 'andi',
  packageshown: 'show',
  verification: 'none',
  verificationNote: null,
  ...over,
});

const image = (name: string, type = 'image/png', size = 1000) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('<VerificationCard>', () => {
  it('sends the chosen images for review, refusing non-images and files over 10 MB', () => {
    render(<VerificationCard profile={profile()} />);
    const input = screen.getByLabelText('Dokumen verifikasi');
    const send = screen.getByRole('button', { name: /Kirim untuk Verifikasi/ });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { files: [image('ktp.pdf', 'application/pdf')] } });
    expect(screen.getByText('File harus berupa gambar.')).toBeTruthy();
    fireEvent.change(input, { target: { files: [image('besar.jpg', 'image/jpeg', 11 * 1024 * 1024)] } });
    expect(screen.getByText('Ukuran file maksimal 10MB')).toBeTruthy();
    const files = [image('ktp.jpg', 'image/jpeg'), image('sertifikat.png')];
    fireEvent.change(input, { target: { files } });
    fireEvent.click(send);
    expect(mutate.mock.calls[0]![0]).toEqual(files);
  });

  it("shows the admin's reason after a refusal, and only the status while pending or verified", () => {
    render(<VerificationCard profile={profile({ verification: 'rejected', verificationNote: 'Foto KTP buram.' })} />);
    expect(screen.getByText('Ditolak')).toBeTruthy();
    expect(screen.getByText('Foto KTP buram.')).toBeTruthy();
    cleanup();
    render(<VerificationCard profile={profile({ verification: 'pending' })} />);
    expect(screen.getByText('Menunggu verifikasi')).toBeTruthy();
    expect(screen.queryByLabelText('Dokumen verifikasi')).toBeNull();
    cleanup();
    render(<VerificationCard profile={profile({ verification: 'verified' })} />);
    expect(screen.getByText('Terverifikasi')).toBeTruthy();
  });
});
