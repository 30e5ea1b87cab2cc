import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './testing/test-app.js';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('start-up', () => {
  it('warns loudly, once per secret, when development defaults are in use', async () => {
    const { logger, lines } = capturingLogger();
    const ctx = await buildTestApp({ defaulted: ['ENVELOPE_KEY', 'API_KEY'] }, { loggerInstance: logger });
    await ctx.close();
    const warnings = lines.filter((line) => line['level'] === 40 && line['module'] === 'config');
    expect(warnings.map((line) => line['msg'])).toEqual([
      expect.stringMatching(/ENVELOPE_KEY is not set: using the PUBLIC DEVELOPMENT DEFAULT/),
      expect.stringMatching(/API_KEY is not set/),
    ]);
  });

  it('does not warn when every secret is configured', async () => {
    const { logger, lines } = capturingLogger();
    const ctx = await buildTestApp({}, { loggerInstance: logger });
    await ctx.close();
    expect(lines.filter((line) => line['module'] === 'config')).toEqual([]);
  });
});
