import type { Page } from '@playwright/test';
import { expect, test, type Role } from './fixtures';

/**
 * Issue 13 item 8: every user-facing string is Indonesian. Walks the built screens (public pages,
 * each role's dashboard views and the dialogs they open) and flags common English UI words and
 * English date words in the visible text and in what screen readers and tooltips read (aria-label,
 * placeholder, title, alt). Running terms runners use as they are (Easy Run, Long Run, Race Day,
 * Early bird, Half Marathon, Trail) and names (Strava, Google) are not on the list.
 */
const ENGLISH_UI = [
  'Showing', 'entries', 'Soon', 'Download', 'Upload', 'Submit', 'Loading', 'Please', 'Cancel', 'Save', 'Delete',
  'Search', 'Next', 'Previous', 'Close', 'Settings', 'Logout', 'Log out', 'Sign in', 'Sign up', 'Welcome', 'Error',
  'Success', 'Failed', 'not found', 'Not found', 'required', 'Required', 'Invalid', 'invalid', 'Back', 'Continue',
  'Confirm', 'General', 'New', 'Add', 'Remove', 'Update', 'Yes', 'No data', 'Something went wrong', 'Try again',
  'created by', 'user',
  // Issue 28 item 11: the words that were left, and the clock's zone written as 'WIB', never 'GMT+7'.
  'Custom', 'Pay as You Go', 'Freeslot', 'Pace range', 'Input Scanner', 'GMT',
];
// April, September and November are the same words in Indonesian.
const ENGLISH_DATES = [
  'January', 'February', 'March', 'June', 'July', 'August', 'October', 'December',
  'May', 'Aug', 'Oct', 'Dec', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'AM', 'PM',
];
const flagged = new RegExp(`(?<![\\p{L}\\p{N}])(${[...ENGLISH_UI, ...ENGLISH_DATES].map((w) => w.replace(/ /g, '\\s+')).join('|')})(?![\\p{L}\\p{N}])`, 'u');

type Finding = { screen: string; word: string; text: string };

/** Names people typed (events made by other tests, which an admin sees): content, not the product's words. */
let userContent: string[] = [];

async function englishOn(page: Page, screen: string): Promise<Finding[]> {
  // Let queries settle (bounded: some screens poll, so the network is never idle for long).
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => {});
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script,style,noscript,[data-words-ignore]')) continue;
      const style = getComputedStyle(parent);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const text = node.textContent?.trim();
      if (text) out.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label],[placeholder],[title],img[alt]')) {
      if (el.closest('[data-words-ignore]')) continue;
      for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(attr)?.trim();
        if (value) out.push(value);
      }
    }
    out.push(document.title);
    return out;
  });
  return texts.flatMap((text) => {
    if (userContent.some((name) => text.includes(name))) return [];
    const m = flagged.exec(text);
    return m ? [{ screen, word: m[1]!, text: text.slice(0, 120) }] : [];
  });
}

/** Closes the open dialog by Escape, or by its 'Tutup' button when Escape went to a field inside it. */
async function closeDialog(page: Page) {
  const dialogs = page.getByRole('dialog');
  await page.keyboard.press('Escape');
  try {
    await expect(dialogs).toHaveCount(0, { timeout: 2_000 });
  } catch {
    await dialogs.last().getByRole('button', { name: 'Tutup' }).last().click();
    await expect(dialogs).toHaveCount(0);
  }
}

async function walkDashboard(page: Page, role: Role, findings: Finding[]) {
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation').first()).toBeVisible();
  findings.push(...(await englishOn(page, `${role}: /dashboard`)));
  const sidebar = page.getByRole('navigation', { name: /menu|navigasi|dashboard/i }).first();
  const count = await sidebar.getByRole('button').count();
  for (let i = 0; i < count; i++) {
    const button = sidebar.getByRole('button').nth(i);
    const label = (await button.textContent())?.trim() ?? '';
    if (!label || /Keluar|Bantuan/.test(label)) continue;
    if (!(await button.isVisible().catch(() => false)) || (await button.isDisabled())) continue;
    await button.click();
    findings.push(...(await englishOn(page, `${role}: ${label}`)));
  }
  const help = sidebar.getByRole('button', { name: 'Bantuan' });
  if (await help.isVisible().catch(() => false)) {
    await help.click();
    await expect(page.getByRole('dialog', { name: 'Bantuan & Syarat Ketentuan' })).toBeVisible();
    findings.push(...(await englishOn(page, `${role}: Bantuan`)));
    await closeDialog(page);
  }
}

test.describe('every screen speaks Indonesian', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 1280) < 768, 'one walk at 1280 px covers the strings; the phone layout shows the same ones');
  test.setTimeout(360_000);

  test('public pages', async ({ page }) => {
    userContent = [];
    const findings: Finding[] = [];
    for (const path of ['/', '/coaching', '/registration', '/register/jakarta-sunrise-run-2027', '/login', '/registration-success?id=REG-TIDAKADA00', '/calendar', '/coaching/andi-pratama', '/buddy']) {
      await page.goto(path);
      await page.waitForTimeout(0);
      findings.push(...(await englishOn(page, path)));
    }
    expect(findings).toEqual([]);
  });

  // The demo accounts: their screens have data (plans, events, runners), not only empty states.
  const demo = { runner: 'rina.wulandari@derap.id', organizer: 'siti.rahmawati@derap.id', coach: 'andi.pratama@derap.id', admin: 'dewi.lestari@derap.id' } as const;
  for (const role of ['runner', 'organizer', 'coach', 'admin'] as const) {
    test(`the ${role}'s dashboard`, async ({ page, loginAs }) => {
      await loginAs({ email: demo[role], role });
      const listed = role === 'admin' || role === 'organizer' ? await page.request.get('/api/events') : null;
      userContent = listed?.ok() ? ((await listed.json()) as { events: { name: string }[] }).events.map((e) => e.name) : [];
      const findings: Finding[] = [];
      await walkDashboard(page, role, findings);
      if (role === 'organizer' || role === 'admin') {
        await page.goto('/dashboard');
        await page.getByRole('navigation').first().getByRole('button', { name: 'Daftar Kegiatan', exact: true }).click();
        await page.getByRole('button', { name: 'Buat Event' }).first().click();
        await expect(page.getByRole('dialog', { name: 'Buat Event Baru' })).toBeVisible();
        findings.push(...(await englishOn(page, `${role}: Buat Event Baru`)));
        await closeDialog(page);
        await page.getByRole('button', { name: 'Scan QR' }).first().click();
        // Loaded on first use: read (and close) it only once it is there, or it opens over the next step.
        await expect(page.getByRole('dialog', { name: 'Scan QR Pelari' })).toBeVisible({ timeout: 20_000 });
        findings.push(...(await englishOn(page, `${role}: Scan QR`)));
        await closeDialog(page);
        if (role === 'organizer') {
          await page.getByRole('button', { name: /^Aksi untuk / }).first().click();
          await page.getByRole('menuitem', { name: 'Data Pelari' }).click();
          await expect(page.getByRole('dialog', { name: /^Data Pelari - / })).toBeVisible();
          findings.push(...(await englishOn(page, `${role}: Data Pelari`)));
          await closeDialog(page);
          await page.getByRole('button', { name: /^Aksi untuk / }).first().click();
          await page.getByRole('menuitem', { name: 'Ubah Event' }).click();
          await expect(page.getByRole('dialog', { name: 'Ubah Event' })).toBeVisible();
          findings.push(...(await englishOn(page, `${role}: Ubah Event`)));
          await closeDialog(page);
          await page.goto('/desk');
          findings.push(...(await englishOn(page, `${role}: /desk`)));
        }
      }
      if (role === 'admin') {
        for (const tab of ['', '?tab=event', '?tab=kalender', '?tab=pelatih', '?tab=group-run']) {
          await page.goto(`/admin${tab}`);
          await expect(page.getByRole('heading', { name: 'Panel Admin' })).toBeVisible();
          findings.push(...(await englishOn(page, `admin: /admin${tab}`)));
        }
      }
      expect(findings).toEqual([]);
    });
  }
});
