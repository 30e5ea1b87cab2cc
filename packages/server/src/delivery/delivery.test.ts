import { Writable } from 'node:stream';
import { ApiCode } from '@dm51/shared';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAccountsHarness,
  newIp,
  uniqueEmail,
  uniqueTel,
  type AccountsHarness,
} from '../testing/accounts.js';
import { buildTestApp } from '../testing/test-app.js';
import { createTestClient } from '../testing/test-client.js';
import { loadDeliveryConfig } from './delivery-config.js';
import { fillTemplate, HttpSmsSender } from './sms-sender.js';
import { startSmsPeer } from '../testing/delivery-peers.js';

describe('delivery configuration', () => {
  it('is the log transports when nothing is set', () => {
    expect(loadDeliveryConfig({})).toEqual({
      smtp: null,
      mailFrom: '51动漫 <no-reply@localhost>',
      sms: null,
    });
  });

  it('reads SMTP and the SMS provider', () => {
    const config = loadDeliveryConfig({
      SMTP_HOST: 'mail.example.com',
      SMTP_SECURE: '1',
      SMTP_USER: 'u',
      SMTP_PASS: 'p',
      MAIL_FROM: 'App <a@example.com>',
      SMS_HTTP_URL: 'https://sms.example.com/send?to={phone}',
      SMS_HTTP_METHOD: 'GET',
      SMS_HTTP_AUTH: 'Bearer k',
    });
    expect(config.smtp).toMatchObject({
      host: 'mail.example.com',
      port: 465,
      secure: true,
      user: 'u',
      pass: 'p',
    });
    expect(config.sms).toMatchObject({
      method: 'GET',
      authorization: 'Bearer k',
      contentType: 'application/json',
    });
  });

  it('names the variable of a bad value', () => {
    expect(() => loadDeliveryConfig({ SMTP_URL: 'http://nope' })).toThrow(/SMTP_URL/);
    expect(() => loadDeliveryConfig({ SMS_HTTP_URL: 'https://x', SMS_HTTP_METHOD: 'DELETE' })).toThrow(
      /SMS_HTTP_METHOD/,
    );
  });
});

describe('the HTTP SMS provider', () => {
  it('escapes values for JSON bodies and URL templates', () => {
    expect(fillTemplate('{"t":"{text}"}', { text: 'a"b' }, (v) => JSON.stringify(v).slice(1, -1))).toBe(
      '{"t":"a\\"b"}',
    );
  });

  it('sends GET requests with the values in the URL', async () => {
    const peer = await startSmsPeer();
    try {
      const sender = new HttpSmsSender({
        url: `${peer.url}/send?to={phone}&code={code}`,
        method: 'GET',
        bodyTemplate: '',
        contentType: 'application/json',
        authorization: '',
      });
      await sender.send('13800000000', '123456', 'text');
      expect(peer.requests[0]).toMatchObject({
        method: 'GET',
        url: '/send?to=13800000000&code=123456',
        body: '',
      });
    } finally {
      await peer.close();
    }
  });
});

describe('delivery failures', () => {
  let h: AccountsHarness;
  beforeAll(async () => {
    h = await buildAccountsHarness();
  });
  afterAll(async () => h.close());

  it('answers DELIVERY_FAILED when the SMS provider refuses', async () => {
    h.sms.respondWith(500);
    try {
      const result = await h.call('/v3/login/telcode', { tel: uniqueTel(), type: 'reg' }, { ip: newIp() });
      expect(result).toMatchObject({
        code: ApiCode.DELIVERY_FAILED,
        msg: 'The SMS could not be sent, please try again later',
      });
    } finally {
      h.sms.respondWith(200);
    }
  });

  it('answers DELIVERY_FAILED when the mail server is gone', async () => {
    await h.smtp.close();
    const result = await h.call('/v3/login/mailcode', { email: uniqueEmail(), type: 'reg' }, { ip: newIp() });
    expect(result).toMatchObject({ code: ApiCode.DELIVERY_FAILED });
  });
});

describe('the log transports (development)', () => {
  it('write the code to the server log, loudly', async () => {
    let logged = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    const ctx = await buildTestApp(
      { delivery: { smtp: null, mailFrom: 'x', sms: null } },
      { loggerInstance: pino({ level: 'info' }, sink) },
    );
    try {
      expect(logged).toMatch(/SMTP is not configured/);
      expect(logged).toMatch(/SMS_HTTP_URL is not set/);
      const client = createTestClient(ctx);
      const email = uniqueEmail();
      expect((await client.call('/v3/login/mailcode', { email, type: 'reg' })).code).toBe(1);
      const line = logged.split('\n').find((l) => l.includes(email) && l.includes('written to the log'));
      expect(line).toMatch(/verification code is \d{6}/);
    } finally {
      await ctx.close();
    }
  });
});
