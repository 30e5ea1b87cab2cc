/**
 * System → Health, Versions, Sizes and Configuration, on the test's database (SQLite, or
 * PostgreSQL with DATABASE_URL): what the pages show is measured from the running app, and no
 * secret value from the environment ever appears in an answer, for any role.
 */
import { readFileSync } from 'node:fs';
import { writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { adminRequest, signedIn, type OperatorSession } from '../../testing/admin-harness.js';
import { ENV_SETTINGS } from './env-settings.js';
import type { SizesReport, SystemService } from './system.service.js';

type Health = Awaited<ReturnType<SystemService['health']>>;
type Versions = Awaited<ReturnType<SystemService['versions']>>;

let ctx: TestApp;
let viewer: OperatorSession;
let admin: OperatorSession;

const SECRETS = {
  API_KEY: 'api-key-value-that-must-not-leak-91',
  AI_OPENAI_API_KEY: 'sk-openai-secret-value-xyz-42',
  SMTP_PASS: 'smtp-pass-word-secret-77',
  STRIPE_SECRET_KEY: 'sk_test_stripe_secret_abcdef',
  ENVELOPE_KEY: 'ab'.repeat(32),
  IMAGE_XOR_KEY: '173',
};
const DSN_PASSWORD = 'dsn-password-hunter2';

beforeAll(async () => {
  for (const [name, value] of Object.entries(SECRETS)) vi.stubEnv(name, value);
  vi.stubEnv('SMTP_URL', `smtp://mailer:${DSN_PASSWORD}@mail.example.com:587`);
  vi.stubEnv('TRANSCODE_CONCURRENCY', '2');
  ctx = await buildTestApp();
  viewer = await signedIn(ctx.app, 'viewer');
  admin = await signedIn(ctx.app, 'admin');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await ctx.close();
});

describe('system pages', () => {
  it('health: the database answers with its latency, media is writable, ffmpeg is found', async () => {
    const res = await adminRequest<{ data: Health }>(ctx.app, 'GET', '/system/health', {
      session: viewer,
    });
    expect(res.status).toBe(200);
    const health = res.body.data;
    expect(health.database).toMatchObject({
      reachable: true,
      engine: ctx.config.databaseUrl ? 'postgres' : 'sqlite',
    });
    expect(health.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(health.media.writable).toBe(true);
    expect(health.ffmpeg.present).toBe(true);
    expect(health.ffmpeg.version).toMatch(/\d/);
    expect(health.memory.rss).toBeGreaterThan(health.memory.heapUsed);
    expect(health.uptimeS).toBeGreaterThanOrEqual(0);
    expect(health.imports).toHaveProperty('watching');
  });

  it('versions: product, Node, the database engine and its version, libraries', async () => {
    const res = await adminRequest<{ data: Versions }>(ctx.app, 'GET', '/system/versions', {
      session: viewer,
    });
    const rootPackage = JSON.parse(
      readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8'),
    );
    expect(res.body.data.product.version).toBe(rootPackage.version);
    expect(res.body.data.node).toBe(process.version);
    expect(res.body.data.database.version).toMatch(/^\d+\.\d+/);
    expect(res.body.data.libraries).toEqual(
      expect.arrayContaining([{ name: 'fastify', version: expect.stringMatching(/^\d+\./) }]),
    );
  });

  it('sizes: database bytes, row counts, media bytes by kind, cached for a minute', async () => {
    const before = await adminRequest<{ data: SizesReport }>(ctx.app, 'GET', '/system/sizes', {
      session: viewer,
    });
    expect(before.body.data.database.bytes).toBeGreaterThan(0);
    const audit = before.body.data.tables.find((t) => t.table === 'audit_log')!;
    expect(audit.rows).toBeGreaterThan(0);
    // A stray file in the media store counts as "other"; the cached answer is the same for a minute.
    const root = (ctx.app.media as unknown as { root: string }).root;
    await mkdir(root, { recursive: true });
    await writeFile(join(root, 'stray.bin'), Buffer.alloc(1234));
    const cached = await adminRequest<{ data: SizesReport }>(ctx.app, 'GET', '/system/sizes', {
      session: viewer,
    });
    expect(cached.body.data.computedAt).toBe(before.body.data.computedAt);
    const fresh = await (await import('./system.service.js')).systemService(ctx.app)['computeSizes']();
    expect(fresh.media.find((m) => m.kind === 'other')!.bytes).toBeGreaterThanOrEqual(1234);
  });

  it('configuration: every variable with its effective value, secrets masked for every role', async () => {
    for (const session of [viewer, admin]) {
      const res = await adminRequest<{
        data: { name: string; value: string; isDefault: boolean; secret: boolean }[];
      }>(ctx.app, 'GET', '/system/config', { session });
      expect(res.status).toBe(200);
      const text = JSON.stringify(res.body);
      for (const value of [...Object.values(SECRETS), DSN_PASSWORD]) expect(text).not.toContain(value);
      const byName = new Map(res.body.data.map((row) => [row.name, row]));
      expect(byName.get('API_KEY')).toMatchObject({ value: '••••91', isDefault: false, secret: true });
      expect(byName.get('IMAGE_XOR_KEY')).toMatchObject({ value: '••••', isDefault: false });
      expect(byName.get('SMTP_URL')!.value).toBe('smtp://mailer:••••@mail.example.com:587');
      expect(byName.get('TRANSCODE_CONCURRENCY')).toMatchObject({
        value: '2',
        isDefault: false,
        secret: false,
      });
      expect(byName.get('HOST')).toMatchObject({ value: '0.0.0.0', isDefault: true });
    }
  });

  it('lists every variable of the configuration reference', () => {
    const reference = readFileSync(
      new URL('../../../../../docs/reference/configuration.md', import.meta.url),
      'utf8',
    );
    const documented = new Set<string>();
    for (const line of reference.split('\n').filter((l) => l.startsWith('| `'))) {
      const first = line.split('|')[1]!;
      for (const match of first.matchAll(/`([A-Z0-9_]+)`/g)) documented.add(match[1]!);
    }
    expect(documented.size).toBeGreaterThan(50);
    const known = new Set(ENV_SETTINGS.map((s) => s.name));
    expect([...documented].filter((name) => !known.has(name))).toEqual([]);
  });

  it('refuses anonymous callers', async () => {
    expect((await adminRequest(ctx.app, 'GET', '/system/config', { session: null })).status).toBe(401);
  });
});
