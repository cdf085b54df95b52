// The production web build (dist/web) and whether it is fresh. Every `vite build` records a hash of
// what it was built from (the build-stamp plugin in vite.config.ts); `npm test` and `.ci/run` build
// again only when that hash no longer matches, so CI's build step is not repeated by `npm test`.
// Run directly (`node scripts/web-build.mjs`), it builds when the build is missing or stale.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Beside dist/web, not in it: the server serves everything in dist/web.
const stampFile = path.join(root, 'dist/web-build-inputs.txt');

/** Everything a web build reads: the web app, the domain it imports, the build's own config and the locked packages. */
const inputs = [
  'src/web',
  'src/domain',
  'vite.config.ts',
  'scripts/vite-precompress.ts',
  'scripts/vite-desk-sw.ts',
  'scripts/web-build.mjs',
  'tsconfig.json',
  'package-lock.json',
];

export function webBuildInputsHash() {
  const hash = createHash('sha256');
  const add = (rel) => {
    const full = path.join(root, rel);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const entry of readdirSync(full).sort()) add(path.join(rel, entry));
    } else {
      hash.update(rel).update('\0').update(readFileSync(full)).update('\0');
    }
  };
  for (const rel of inputs) add(rel);
  return hash.digest('hex');
}

export function isWebBuildFresh() {
  return existsSync(stampFile) && existsSync(path.join(root, 'dist/web/index.html')) && readFileSync(stampFile, 'utf8').trim() === webBuildInputsHash();
}

/** A Vite plugin: forgets the recorded inputs when a build starts, records them once it is written. */
export function webBuildInputs() {
  return {
    name: 'derap-build-inputs',
    apply: 'build',
    buildStart: () => rmSync(stampFile, { force: true }),
    closeBundle: { order: 'post', sequential: true, handler: () => writeFileSync(stampFile, `${webBuildInputsHash()}\n`) },
  };
}

/** Builds unless the build on disk was made from the same inputs; returns the exit status. */
export function ensureWebBuild() {
  if (isWebBuildFresh()) {
    console.log('Build web masih baru (dist/web): tidak dibangun ulang.');
    return 0;
  }
  return spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', cwd: root }).status ?? 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(ensureWebBuild());
