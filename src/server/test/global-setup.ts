import { existsSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../db/client';
import { snapshotPath } from './fixtures/pglite-snapshot';

/**
 * A fresh PGlite costs ~4 s; test files instead load a migrated snapshot made once here.
 */
export default async function setup() {
  const file = snapshotPath();
  if (existsSync(file)) return;
  const pglite = new PGlite();
  const database = await openDatabase({ kind: 'pglite', dir: null, pglite });
  const dump = await pglite.dumpDataDir('gzip');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
