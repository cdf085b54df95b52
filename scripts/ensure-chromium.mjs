// Makes sure the browser tests have a Chromium: CHROME_PATH or /usr/bin/chromium; when missing,
// installs Debian's `chromium` where we can (root with apt-get), otherwise stops with one clear line.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from './chromium-path.mjs';

if (chromiumPath()) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('Chromium tidak ditemukan: memasang paket Debian "chromium" ...');
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium', {
      stdio: 'inherit',
    });
  } catch {
    // fall through to the message below
  }
  if (chromiumPath()) process.exit(0);
}
console.error(
  'Chromium tidak ditemukan: pasang dengan `sudo apt-get install chromium` atau set CHROME_PATH ke berkas Chromium/Chrome.',
);
process.exit(1);
