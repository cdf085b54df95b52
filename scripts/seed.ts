// Loads the demo data into the configured database (only when it has no users yet).
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { seedDemoData } from '../src/server/db/seed';

const config = loadConfig();
const database = await openDatabase(config.database);
console.log((await seedDemoData(database.db)) ? 'Data demo dimuat.' : 'Database sudah berisi pengguna; data demo tidak dimuat ulang.');
await database.close();
