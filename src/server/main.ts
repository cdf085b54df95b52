import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { createStorage } from './wiring';
import { openDatabaseWithRetry } from './db/client';
import { seedDemoData } from './seed/seed';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const timeouts = { connectMs: config.databaseTimeouts.connectMs, statementMs: config.databaseTimeouts.statementMs };
  let database;
  try {
    database = await openDatabaseWithRetry(
      config.database.kind === 'postgres' ? { ...config.database, timeouts } : config.database,
      config.databaseTimeouts.startupSeconds,
      (err, attempt) => console.warn(`Database belum dapat dihubungi (percobaan ${attempt}): ${err instanceof Error ? err.message : String(err)}`),
    );
  } catch (err) {
    console.error(`Database tidak dapat dibuka: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  const storage = createStorage(config);
  if (config.seedDemo && (await seedDemoData(database.db, new Date(), storage))) {
    console.log('Data demo dimuat (pengguna demo untuk setiap peran).');
  }
  const app = await buildApp({
    config,
    database,
    storage,
    logger: {
      level: config.logLevel,
      ...(config.production ? {} : { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true } } }),
    },
  });
  const close = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Derap berjalan di ${config.publicUrl} (database: ${database.kind}${config.devLogin ? ', masuk pengembangan aktif' : ''})`,
  );
}

void main();
