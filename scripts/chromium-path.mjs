import { existsSync } from 'node:fs';

/** Where the browser tests find Chromium: CHROME_PATH, else Debian's /usr/bin/chromium. */
export function chromiumPath() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => existsSync(p)) ?? null;
}
