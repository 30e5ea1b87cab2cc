import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { demoLibraryDir, scheduleStartupImports } from './startup-imports.js';

let ctx: TestApp | null = null;
afterEach(async () => {
  await ctx?.close();
  ctx = null;
});

describe('imports at start-up', () => {
  it('queues the demo library on an empty catalogue when DEMO_LIBRARY is on', async () => {
    ctx = await buildTestApp({ demoLibrary: true });
    await scheduleStartupImports(ctx.app);
    expect(ctx.app.services.imports.listLocal()).toEqual([
      expect.objectContaining({ root: demoLibraryDir(ctx.config.dataDir), demo: true, state: 'queued' }),
    ]);
  });

  it('queues nothing with DEMO_LIBRARY off, or when the catalogue already has works', async () => {
    ctx = await buildTestApp({ demoLibrary: false });
    await scheduleStartupImports(ctx.app);
    expect(ctx.app.services.imports.listLocal()).toEqual([]);
    await ctx.close();

    ctx = await buildTestApp({ demoLibrary: true });
    const now = Math.floor(Date.now() / 1000);
    await ctx.db
      .insertInto('works')
      .values({ type: 0, title: 'Mine', source_key: 'x/mine', created_time: now, updated_time: now })
      .execute();
    await scheduleStartupImports(ctx.app);
    expect(ctx.app.services.imports.listLocal()).toEqual([]);
  });

  it('imports LIBRARY_DIR at every start instead of the demo', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dm51-startup-'));
    mkdirSync(join(dir, 'comics'));
    try {
      ctx = await buildTestApp({ demoLibrary: true, libraryDir: dir });
      await scheduleStartupImports(ctx.app);
      const [job] = ctx.app.services.imports.listLocal();
      expect(job).toMatchObject({ root: dir, demo: false });
      const done = await ctx.app.services.imports.waitFor(job!.id);
      expect(done).toMatchObject({ state: 'done', summary: expect.objectContaining({ library: dir }) });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
