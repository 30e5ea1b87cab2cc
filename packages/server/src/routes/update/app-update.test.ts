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

const setSetting = (key: string, value: unknown) =>
  ctx.db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value), updated_time: 0 })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
    .execute();

describe('/v3/app/update', () => {
  it('answers the defaults without a session', async () => {
    const answer = await client.call('/v3/app/update', {});
    expect(answer.code).toBe(1);
    expect(answer.data).toEqual({
      describe: '',
      updateLink: '',
      versionName: '',
      force: 0,
      maskClickClose: 1,
      downloadingText: '',
      successText: '',
      errorText: '',
      uninstallPrompt: 0,
    });
  });

  it('serves what the console stored under update.*, and falls back per field on a broken row', async () => {
    await setSetting('update.versionName', '2.4.0');
    await setSetting('update.describe', '<p>New <b>reader</b> modes</p>');
    await setSetting('update.force', 1);
    await setSetting('update.maskClickClose', 'yes'); // not 0/1: the default stays
    await setSetting('update.updateLink', 'https://example.com/app.apk');
    ctx.app.services.adsUpdates.updateConfig.invalidate();
    const answer = await client.call<Record<string, unknown>>('/v3/app/update', {});
    expect(answer.data).toMatchObject({
      versionName: '2.4.0',
      describe: '<p>New <b>reader</b> modes</p>',
      force: 1,
      maskClickClose: 1,
      updateLink: 'https://example.com/app.apk',
      errorText: '',
    });
  });

  it('sanitises the notes: no scripts, handlers, styles or non-http links', async () => {
    await setSetting(
      'update.describe',
      '<p onclick="steal()" style="color:red">Faster <script>alert(1)</script><a href="javascript:alert(2)">x</a>' +
        '<a href="https://example.com/notes">notes</a><img src=x onerror=alert(3)></p>',
    );
    ctx.app.services.adsUpdates.updateConfig.invalidate();
    const answer = await client.call<{ describe: string }>('/v3/app/update', {});
    expect(answer.data!.describe).toBe(
      '<p>Faster <a target="_blank" rel="noopener noreferrer">x</a>' +
        '<a href="https://example.com/notes" target="_blank" rel="noopener noreferrer">notes</a></p>',
    );
  });
});

describe("the page's policy and the update download", () => {
  const connectSrc = async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    return /connect-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1] ?? '';
  };

  it("lets the app fetch a package from the download link's host (a CDN), and only that host", async () => {
    await setSetting('update.updateLink', 'https://cdn.example.net/releases/app-2.4.0.apk');
    ctx.app.services.adsUpdates.updateConfig.invalidate();
    await client.call('/v3/app/update', {});
    expect((await connectSrc()).split(' ')).toEqual(["'self'", 'https://cdn.example.net']);

    // The console moves the package elsewhere: the old host is no longer allowed.
    await setSetting('update.updateLink', 'https://downloads.example.org/app.apk');
    ctx.app.services.adsUpdates.updateConfig.invalidate();
    await client.call('/v3/app/update', {});
    expect((await connectSrc()).split(' ')).toEqual(["'self'", 'https://downloads.example.org']);

    await setSetting('update.updateLink', '');
    ctx.app.services.adsUpdates.updateConfig.invalidate();
    await client.call('/v3/app/update', {});
    expect(await connectSrc()).toBe("'self'");
  });
});
