import { describe, expect, it } from 'vitest';
import { roles, type Role } from '../../../domain/users/roles';
import { navGroups, navGroupsFor } from './dashboard-nav';
import { canSeeView, dashboardViews } from './dashboard-views';
import { viewFromAddress, viewFromHash } from './use-dashboard-view';
import { dashboardViewIds } from '../../lib/dashboard-view';

const groupIds = (role: Role) => navGroupsFor(role).map((g) => g.id);
const viewsIn = (role: Role) =>
  navGroupsFor(role)
    .flatMap((g) => g.items)
    .flatMap((item) => (item.kind === 'view' ? [item.view] : []));

describe('sidebar groups by role', () => {
  it('a runner sees Pelari and General only', () => {
    expect(groupIds('runner')).toEqual(['pelari', 'general']);
  });
  it('an organizer also sees Penyelenggara', () => {
    expect(groupIds('organizer')).toEqual(['pelari', 'penyelenggara', 'general']);
  });
  it('a coach also sees Pelatih', () => {
    expect(groupIds('coach')).toEqual(['pelari', 'pelatih', 'general']);
  });
  it('an admin sees every group, Admin included (events spec §6: admin loads events and gets coach navigation)', () => {
    expect(groupIds('admin')).toEqual(['pelari', 'penyelenggara', 'pelatih', 'admin', 'general']);
  });
});

describe('sidebar items follow the spec', () => {
  const labels = (id: string) => navGroups.find((g) => g.id === id)!.items.map((i) => i.label);
  it('lists each group’s items in order', () => {
    expect(labels('pelari')).toEqual(['Dashboard', 'Kalender Latihan']);
    expect(labels('penyelenggara')).toEqual(['Daftar Kegiatan', 'Keuangan']);
    expect(labels('pelatih')).toEqual(['Daftar Pelari', 'Ubah Jadwal', 'Profil Pelatih']);
    expect(labels('general')).toEqual(['Pengaturan', 'Bantuan', 'Keluar']);
  });
  it("marks Kalender Latihan 'Baru', opens Keuangan in place and links Admin to /admin", () => {
    const all = navGroups.flatMap((g) => g.items);
    expect(all.find((i) => i.label === 'Kalender Latihan')).toMatchObject({ kind: 'view', pill: 'Baru' });
    expect(all.find((i) => i.label === 'Keuangan')).toMatchObject({ kind: 'view', view: 'keuangan' });
    expect(navGroups.find((g) => g.id === 'admin')!.items).toEqual([expect.objectContaining({ kind: 'link', to: '/admin' })]);
  });
});

describe('view registry', () => {
  it('has an entry with a title and a component for every view', () => {
    for (const id of dashboardViewIds) {
      expect(dashboardViews[id].title).toBeTruthy();
      expect(dashboardViews[id].component).toBeTypeOf('function');
    }
  });
  it('offers in the sidebar exactly the views each role may open', () => {
    for (const role of roles) {
      expect(new Set(viewsIn(role))).toEqual(new Set(dashboardViewIds.filter((id) => canSeeView(role, id))));
    }
  });
  it('keeps event and coach views from runners', () => {
    expect(canSeeView('runner', 'kegiatan')).toBe(false);
    expect(canSeeView('runner', 'daftar-pelari')).toBe(false);
    expect(canSeeView('coach', 'kegiatan')).toBe(false);
    expect(canSeeView('organizer', 'ubah-jadwal')).toBe(false);
    expect(canSeeView('admin', 'profil-pelatih')).toBe(true);
    expect(canSeeView('admin', 'kegiatan')).toBe(true);
  });
});

describe('address handling', () => {
  it('#calendar opens the training calendar, anything else the home view', () => {
    expect(viewFromHash('#calendar')).toBe('kalender-latihan');
    expect(viewFromHash('')).toBe('dashboard');
    expect(viewFromHash('#lain')).toBe('dashboard');
  });
  it('?view=<id> (the links in our emails) opens that view; unknown names open home', () => {
    expect(viewFromAddress('', '?view=kalender-latihan')).toBe('kalender-latihan');
    expect(viewFromAddress('', '?view=daftar-pelari&x=1')).toBe('daftar-pelari');
    expect(viewFromAddress('#calendar', '?view=pengaturan')).toBe('kalender-latihan');
    expect(viewFromAddress('', '?view=admin')).toBe('dashboard');
    expect(viewFromAddress('', '')).toBe('dashboard');
  });
});
