/**
 * Video key tokens are signed with a generated server secret kept in server_secrets (shared by
 * every instance on one database), never with a key derived from the public ENVELOPE_KEY.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TranscodeRepository } from '../repositories/transcode.repository.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { ServerSecrets } from './server-secrets.js';
import { VideoAccessService } from './video-access.service.js';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => ctx.close());

const instance = () => new VideoAccessService(new ServerSecrets(ctx.db), new TranscodeRepository(ctx.db));

describe('video key tokens', () => {
  it('verify on another instance on the same database, and the key is stored once', async () => {
    const [a, b] = [instance(), instance()];
    const [tokenA, tokenB] = await Promise.all([a.mintToken(7, 42), b.mintToken(7, 42)]);
    expect(await b.verify(tokenA, 42)).toBe(true);
    expect(await a.verify(tokenB, 42)).toBe(true);
    expect(await a.verify(tokenA, 43)).toBe(false);
    const rows = await ctx.db
      .selectFrom('server_secrets')
      .selectAll()
      .where('name', '=', 'video_key_token')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a token signed the old way, with a key derived from ENVELOPE_KEY', async () => {
    const payload = `7.42.${Math.floor(Date.now() / 1000) + 600}`;
    const old = createHmac('sha256', `anime-key:${ctx.config.envelopeKey}`)
      .update(payload)
      .digest('base64url');
    expect(await instance().verify(`${payload}.${old}`, 42)).toBe(false);
  });
});
