import { hostname } from 'node:os';
import { PassThrough } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, resolveLogFormat } from './logging.js';

describe('resolveLogFormat', () => {
  it('is pretty on a terminal and JSON otherwise when LOG_FORMAT is unset', () => {
    expect(resolveLogFormat(undefined, true)).toBe('pretty');
    expect(resolveLogFormat('auto', true)).toBe('pretty');
    expect(resolveLogFormat(undefined, false)).toBe('json');
    expect(resolveLogFormat('auto', false)).toBe('json');
  });

  it('follows LOG_FORMAT whatever stdout is', () => {
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });
});

describe('loggerOptions', () => {
  it('leaves pino its JSON output when stdout is not a terminal', () => {
    const options = loggerOptions({ logLevel: 'warn', logFormat: 'auto' }, { isTTY: false });
    expect(options).toMatchObject({ level: 'warn' });
    expect(options).not.toHaveProperty('stream');
  });

  it('keeps JSON on a terminal with LOG_FORMAT=json', () => {
    expect(loggerOptions({ logLevel: 'info', logFormat: 'json' }, { isTTY: true })).not.toHaveProperty(
      'stream',
    );
  });

  it('writes readable lines on a terminal: local time, level, module, message, fields inline', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const options = loggerOptions({ logLevel: 'info' }, { isTTY: true, destination: out });
    expect(options).toHaveProperty('stream');
    const { stream, ...pinoOptions } = options as pino.LoggerOptions & { stream: pino.DestinationStream };
    const log = pino(pinoOptions, stream);
    log.warn({ module: 'config' }, 'API_KEY is not set');
    log.info({ module: 'server', database: '/srv/data/app.db' }, 'database ready');
    log.debug('below the level');
    await new Promise((resolve) => setImmediate(resolve));

    const lines = text.trimEnd().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: config: API_KEY is not set$/),
      expect.stringMatching(
        /^\[[\d:.]+\] INFO: server: database ready \{"database":"\/srv\/data\/app\.db"\}$/,
      ),
    ]);
    expect(text).not.toMatch(/pid|hostname/);
  });

  it('pretty-prints with LOG_FORMAT=pretty even when piped', () => {
    expect(
      loggerOptions(
        { logLevel: 'info', logFormat: 'pretty' },
        { isTTY: false, destination: new PassThrough() },
      ),
    ).toHaveProperty('stream');
  });

  it('puts the instance (INSTANCE_ID, else hostname:pid) on every JSON line', () => {
    const lines: string[] = [];
    const capture = { write: (line: string) => void lines.push(line) };
    const named = loggerOptions(
      { logLevel: 'info', logFormat: 'json', instanceId: 'web-2' },
      { isTTY: false },
    );
    pino(named as pino.LoggerOptions, capture).info('hello');
    const fallback = loggerOptions({ logLevel: 'info', logFormat: 'json' }, { isTTY: false });
    pino(fallback as pino.LoggerOptions, capture)
      .child({ reqId: 'r-1' })
      .info('again');
    expect(JSON.parse(lines[0]!)).toMatchObject({ instance: 'web-2', msg: 'hello', pid: process.pid });
    expect(JSON.parse(lines[1]!)).toMatchObject({ instance: `${hostname()}:${process.pid}`, reqId: 'r-1' });
  });
});
