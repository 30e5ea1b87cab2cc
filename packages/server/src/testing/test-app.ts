/**
 * A real app on a real, fresh database for each test file (or test): SQLite in a temp folder by
 * default, or, when DATABASE_URL is a postgres:// URL, a schema of its own on that server, dropped
 * on close. Tests drive it through `app.inject()`; nothing is mocked.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { createDatabase, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { setPasswordCostForTests } from '../services/password.service.js';
import { dropRedisKeys, suiteRedisConfig } from './redis.js';
import type { JobsConfig } from '../jobs/jobs-config.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: Database;
  close(): Promise<void>;
}

/**
 * Suites create hundreds of users and operators, and the production scrypt cost (N=2^17) spends
 * about 0.4 s of CPU on every hash, so test files that build an app hash at N=2^10 (same format,
 * same r and p). A test of the real cost calls setPasswordCostForTests(null) after this import.
 */
export const TEST_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 } as const;
setPasswordCostForTests(TEST_PASSWORD_COST);

export function testDatabaseUrl(): string | null {
  const url = process.env['DATABASE_URL'];
  return url && /^postgres(ql)?:\/\//.test(url) ? url : null;
}

export function makeTestConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = overrides.dataDir ?? mkdtempSync(join(tmpdir(), 'dm51-server-test-'));
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: testDatabaseUrl(),
    sqlitePath: join(dataDir, 'app.db'),
    envelopeKey: randomBytes(32).toString('hex'),
    apiKey: `test-${randomBytes(12).toString('hex')}`,
    imageXorKey: randomBytes(1)[0]!,
    timestampWindowS: 300,
    logLevel: 'silent',
    // A folder without a build: tests that serve the web app pass their own.
    webDir: join(dataDir, 'no-web-build'),
    apiHosts: [],
    defaulted: [],
    // Scale-out: TEST_REDIS_URL runs the app with shared state in Redis.
    ...suiteRedisConfig(),
    ...overrides,
  };
}

/** A job queue schema for one test database schema, with short polls and leases. */
export function testJobsConfig(pgSchema: string): JobsConfig {
  return { schema: `${pgSchema}_jobs`, leaseS: 10, pollS: 0.5, maintenanceS: 1 };
}

/** One statement batch on a short-lived connection (creating and dropping schemas or databases). */
export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: {
    loggerInstance?: FastifyBaseLogger;
    /** Registers extra test-only plugins or routes before the app is made ready. */
    beforeReady?: (app: FastifyInstance) => Promise<void>;
  } = {},
): Promise<TestApp> {
  const config = makeTestConfig(overrides);
  let pgSchema: string | undefined;
  if (config.databaseUrl) {
    pgSchema = `test_${randomBytes(8).toString('hex')}`;
    await withAdminClient(config.databaseUrl, (client) => client.query(`create schema "${pgSchema}"`));
    // The job queue of this test's apps only (pg-boss makes the schema; dropped with the test's).
    config.jobs ??= testJobsConfig(pgSchema);
  }
  const db = createDatabase(config, pgSchema ? { pgSchema } : {});
  const dropStorage = async () => {
    await db.destroy();
    if (config.databaseUrl && pgSchema) {
      await withAdminClient(config.databaseUrl, (client) =>
        client.query(
          `drop schema "${pgSchema}" cascade; drop schema if exists "${config.jobs!.schema}" cascade`,
        ),
      );
    }
    rmSync(config.dataDir, { recursive: true, force: true });
    if (config.redis) await dropRedisKeys(config.redis);
  };

  let app: FastifyInstance;
  try {
    await migrateToLatest(db);
    app = await buildApp(config, {
      db,
      ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : {}),
    });
    await options.beforeReady?.(app);
    await app.ready();
  } catch (error) {
    // A half-built app must not leave a schema or a temp folder behind.
    await dropStorage();
    throw error;
  }

  return {
    app,
    config,
    db,
    async close() {
      await app.close();
      await dropStorage();
    },
  };
}
