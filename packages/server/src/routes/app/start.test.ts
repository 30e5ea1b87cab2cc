import { DEFAULT_START_SETTINGS } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient } from '../../testing/test-client.js';

let ctx: TestApp;
let client: TestClient;

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
});
afterAll(async () => ctx.close());

describe('/v3/app/start', () => {
  it('answers the default start-up settings with code 1, without a session', async () => {
    const result = await client.call('/v3/app/start');
    expect(result).toMatchObject({ status: 200, code: 1, data: DEFAULT_START_SETTINGS });
  });

  it('seeds one settings row per field on first read, so operators can edit them', async () => {
    await client.call('/v3/app/start');
    const rows = await ctx.db.selectFrom('settings').select(['key', 'value']).execute();
    const countdown = rows.find((row) => row.key === 'start.app_start_countdown');
    expect(countdown?.value).toBe('5');
    expect(rows.filter((row) => row.key.startsWith('start.'))).toHaveLength(
      Object.keys(DEFAULT_START_SETTINGS).length,
    );
  });

  it('reflects a changed setting row on the next call', async () => {
    await client.call('/v3/app/start');
    await ctx.db
      .updateTable('settings')
      .set({ value: '10' })
      .where('key', '=', 'start.app_start_countdown')
      .execute();
    await ctx.db
      .updateTable('settings')
      .set({ value: JSON.stringify('https://example.test/app.apk') })
      .where('key', '=', 'start.app_download_url')
      .execute();
    ctx.app.services.settings.invalidate();
    const result = await client.call('/v3/app/start');
    expect(result.data).toMatchObject({
      app_start_countdown: 10,
      app_download_url: 'https://example.test/app.apk',
    });
  });

  it('falls back to the default for a row an operator broke, instead of failing start-up', async () => {
    await ctx.db
      .updateTable('settings')
      .set({ value: '{not json' })
      .where('key', '=', 'start.game_tab_mode')
      .execute();
    await ctx.db
      .updateTable('settings')
      .set({ value: '"text"' })
      .where('key', '=', 'start.app_tabbar_ai_mode')
      .execute();
    ctx.app.services.settings.invalidate();
    const result = await client.call('/v3/app/start');
    expect(result.code).toBe(1);
    expect(result.data).toMatchObject({ game_tab_mode: 0, app_tabbar_ai_mode: 1 });
  });

  it('caches the record briefly, so a direct database edit shows once the cache is dropped', async () => {
    const before = (await client.call('/v3/app/start')).data as { app_start_countdown: number };
    const edited = before.app_start_countdown + 1;
    await ctx.db
      .updateTable('settings')
      .set({ value: String(edited) })
      .where('key', '=', 'start.app_start_countdown')
      .execute();
    expect((await client.call('/v3/app/start')).data).toMatchObject({
      app_start_countdown: before.app_start_countdown,
    });
    ctx.app.services.settings.invalidate();
    expect((await client.call('/v3/app/start')).data).toMatchObject({ app_start_countdown: edited });
  });

  it('keeps a value set through the service, at once', async () => {
    await client.call('/v3/app/start');
    await ctx.app.services.settings.setStartSetting('game_tab_name', 'Games');
    expect((await client.call('/v3/app/start')).data).toMatchObject({ game_tab_name: 'Games' });
  });
});
