/**
 * Entry point: configuration → database and migrations → app → listen. SIGTERM/SIGINT close the app
 * (which stops accepting, drains in-flight requests and closes the database) and exit.
 */
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrator.js';
import { scheduleStartupImports } from './import/startup-imports.js';

/** Give in-flight requests this long to finish on shutdown, then exit anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const db = createDatabase(config);
  const app = await buildApp(config, { db });
  app.shutdown.add('database', () => db.destroy(), 'storage');
  const log = app.log.child({ module: 'server' });

  // Installed before the (possibly slow) migrations, so a stop request during start-up is honoured.
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    // /readyz answers 503 from now on, so a balancer stops sending while in-flight requests drain.
    app.readiness.markDraining();
    // SHUTDOWN_DELAY_MS: keep serving that long first, so a balancer that probes /readyz every few
    // seconds takes the instance out before its listener closes (none while still starting).
    const delayMs = app.server.listening ? (config.shutdownDelayMs ?? 0) : 0;
    log.info({ signal, delayMs }, 'shutting down');
    setTimeout(() => {
      log.error('shutdown grace period over; exiting');
      process.exit(1);
    }, delayMs + SHUTDOWN_GRACE_MS).unref();
    const stopAccepting = new Promise((resolve) => setTimeout(resolve, delayMs));
    stopAccepting
      .then(() => app.close())
      .then(
        () => {
          log.info('closed');
          process.exit(0);
        },
        (error: unknown) => {
          log.error({ err: error }, 'error while closing');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  const applied = await migrateToLatest(db);
  log.info({ applied, database: config.databaseUrl ? 'postgres' : config.sqlitePath }, 'database ready');
  if (closing) return;

  await app.listen({ port: config.port, host: config.host, backlog: config.listenBacklog });
  // After listening, so the server is healthy at once; the import runs in a worker thread.
  await scheduleStartupImports(app).catch((error: unknown) =>
    log.error({ err: error }, 'start-up import not queued'),
  );
}

main().catch((error: unknown) => {
  console.error('fatal: the server could not start', error);
  process.exit(1);
});
