import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/test-app.js';
import { ShutdownHooks } from './shutdown-hooks.js';

describe('shutdown hooks', () => {
  it('run jobs, then services, then storage, whatever the order they were added in; a failure does not stop the rest', async () => {
    const hooks = new ShutdownHooks();
    const ran: string[] = [];
    hooks.add('database', () => ran.push('database'), 'storage');
    hooks.add('counters', () => ran.push('counters'));
    hooks.add('broken', () => {
      throw new Error('flush failed');
    });
    hooks.add('queue', async () => ran.push('queue'), 'jobs');
    await hooks.run(pino({ level: 'silent' }));
    await hooks.run(pino({ level: 'silent' })); // once only
    expect(ran).toEqual(['queue', 'counters', 'database']);
  });

  it('run at app.close(), a step added after the app was built included', async () => {
    const ctx = await buildTestApp();
    let answered: unknown = null;
    ctx.app.shutdown.add(
      'queue',
      async () => {
        answered = await ctx.db.selectFrom('settings').select('key').limit(1).execute();
      },
      'jobs',
    );
    await ctx.close();
    expect(Array.isArray(answered)).toBe(true);
  });
});
