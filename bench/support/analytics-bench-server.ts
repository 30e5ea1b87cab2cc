/**
 * The real app for `npm run bench:analytics`, started like server.ts (configuration from the
 * environment, migrations, listen), plus one bare endpoint on the same Fastify instance that reads
 * the same form body and only answers: POST /bench/bare. The ratio track/bare is what analytics
 * costs on top of serving a request at all.
 */
import { buildApp } from '../../packages/server/src/app.js';
import { loadConfig } from '../../packages/server/src/config.js';
import { createDatabase } from '../../packages/server/src/db/database.js';
import { migrateToLatest } from '../../packages/server/src/db/migrator.js';

const config = loadConfig();
const db = createDatabase(config);
await migrateToLatest(db);
const app = await buildApp(config, { db });
await app.register(async (bare) => {
  bare.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
  bare.post('/bench/bare', async () => ({ code: 1, msg: 'ok', data: null }));
});
app.addHook('onClose', async () => db.destroy());
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: config.port, host: config.host });
