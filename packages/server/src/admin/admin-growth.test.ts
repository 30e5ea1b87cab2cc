/**
 * The console's Growth section seen from the app: an update config saved in the console is what
 * the app's /v3/app/update answers at once (notes sanitised on the way out), with one audit row;
 * bad input (a javascript: link, a wrong flag, an unknown field) is refused and changes nothing.
 */
import type { UpdateConfig } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsHarness, type AccountsHarness } from '../testing/accounts.js';
import { adminRequest, signedIn, type OperatorSession } from '../testing/admin-harness.js';
import type { TestSession } from '../testing/test-client.js';

let h: AccountsHarness;
let admin: OperatorSession;
let viewer: OperatorSession;
let reader: TestSession;

const appUpdate = async () => (await h.call<UpdateConfig>('/v3/app/update', {}, { session: reader })).data!;
const save = (body: unknown, session = admin) =>
  adminRequest<{ data: UpdateConfig }>(h.ctx.app, 'PUT', '/growth/update-config', { session, body });

beforeAll(async () => {
  h = await buildAccountsHarness();
  admin = await signedIn(h.ctx.app, 'admin');
  viewer = await signedIn(h.ctx.app, 'viewer');
  reader = await h.client.initGuest();
});
afterAll(async () => h.close());

describe('update config', () => {
  it('a new version, notes and force flag reach the app at once, with one audit row', async () => {
    expect((await appUpdate()).versionName).toBe('');
    const saved = await save({
      versionName: '2.1.0',
      force: 1,
      describe: '<p>Faster reader<script>alert(1)</script></p>',
      updateLink: 'https://example.test/51dm-2.1.0.apk',
    });
    expect(saved.status).toBe(200);
    const app = await appUpdate();
    expect(app).toMatchObject({
      versionName: '2.1.0',
      force: 1,
      updateLink: 'https://example.test/51dm-2.1.0.apk',
      describe: '<p>Faster reader</p>',
    });
    const read = await adminRequest<{ data: UpdateConfig }>(h.ctx.app, 'GET', '/growth/update-config', {
      session: viewer,
    });
    expect(read.body.data.versionName).toBe('2.1.0');
    const audit = await h.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'update_config.update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after_json)).toMatchObject({ versionName: '2.1.0', force: 1 });
  });

  it('refuses bad input and a viewer, and nothing changes', async () => {
    expect((await save({ updateLink: 'javascript:alert(1)' })).status).toBe(400);
    expect((await save({ force: 2 })).status).toBe(400);
    expect((await save({ versionName: 'x'.repeat(65) })).status).toBe(400);
    expect((await save({ colour: 'red' })).status).toBe(400);
    expect((await save({})).status).toBe(400);
    expect((await save({ versionName: '9.9.9' }, viewer)).status).toBe(403);
    expect((await appUpdate()).versionName).toBe('2.1.0');
    const rows = await h.ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'update_config.update')
      .execute();
    expect(rows).toHaveLength(1);
  });
});
