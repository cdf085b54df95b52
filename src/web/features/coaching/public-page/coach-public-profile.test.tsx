import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CoachPackagesSection, CoachProfileHeader, type CoachPageProfile } from './coach-public-profile';

afterEach(cleanup);

const profile: CoachPageProfile = {
  shownName: 'Andi Pratama',
  headline: 'Pelatih maraton',
  bio: 'Sepuluh tahun melatih.',
  certifications: ['IAAF Level 1'],
  profileImageUrl: '/api/files/0123456789abcdef0123456789abcdef.png',
  headerImageUrl: null,
  location: 'Jakarta',
  availability: true,
  packageshown: 'show',
  verified: false,
};
const pkg = { _id: 'p1', title: 'Program 10K', description: '', durationWeeks: 4, price: 400_000, isActive: true };

describe('<CoachProfileHeader>', () => {
  it("shows 'Terverifikasi' with the not-an-endorsement note only for a verified coach", () => {
    const { rerender } = render(<CoachProfileHeader profile={profile} />);
    expect(screen.queryByText('Terverifikasi')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Andi Pratama' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Foto Andi Pratama' }).getAttribute('src')).toBe(profile.profileImageUrl);
    expect(screen.getByText('Tersedia')).toBeTruthy();
    rerender(<CoachProfileHeader profile={{ ...profile, verified: true, availability: false }} />);
    expect(screen.getByText('Terverifikasi')).toBeTruthy();
    expect(screen.getByText(/bukan merupakan rekomendasi atau jaminan/)).toBeTruthy();
    expect(screen.getByText('Tidak Tersedia')).toBeTruthy();
  });
});

describe('<CoachPackagesSection>', () => {
  it("lists packages for 'show' and hands the chosen one over", () => {
    const onChoose = vi.fn();
    render(<CoachPackagesSection mode="show" packages={[pkg]} onChoose={onChoose} />);
    expect(screen.getByText('Rp400.000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pilih Paket Program 10K' }));
    expect(onChoose).toHaveBeenCalledWith(pkg);
  });

  it("a coach awaiting verification shows the packages with 'Menunggu verifikasi' and no button to buy", () => {
    const onChoose = vi.fn();
    render(<CoachPackagesSection mode="show" packages={[pkg]} onChoose={onChoose} awaitingVerification />);
    expect(screen.getByText('Program 10K')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pilih Paket/ })).toBeNull();
    expect(screen.getAllByText(/Menunggu verifikasi/).length).toBe(2);
    expect(screen.getByText(/bisa dibeli setelah Derap memeriksa identitas dan sertifikatnya/)).toBeTruthy();
  });

  it("hides them behind 'Lihat paket' for 'hide', and shows only a contact note for 'contact'", () => {
    const { unmount } = render(<CoachPackagesSection mode="hide" packages={[pkg]} onChoose={() => {}} />);
    expect(screen.queryByText('Program 10K')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Lihat paket' }));
    expect(screen.getByText('Program 10K')).toBeTruthy();
    unmount();
    render(<CoachPackagesSection mode="contact" packages={[pkg]} onChoose={() => {}} />);
    expect(screen.queryByText('Program 10K')).toBeNull();
    expect(screen.getByText(/Hubungi pelatih/)).toBeTruthy();
  });
});
