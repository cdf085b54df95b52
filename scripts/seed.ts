// Loads the demo data into the configured database (only when it has no users yet).
import { createStorage } from '../src/server/wiring';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { seedDemoData } from '../src/server/seed/seed';

const config = loadConfig();
const database = await openDatabase(config.database);
const storage = createStorage(config);
console.log((await seedDemoData(database.db, new Date(), storage)) ? 'Data demo dimuat.' : 'Database sudah berisi pengguna; data demo tidak dimuat ulang.');
storage.close?.();
await database.close();
