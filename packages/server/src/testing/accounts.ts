/**
 * Test harness for the account calls: a test app whose codes really go out over SMTP and HTTP to
 * peers on loopback, a client that can speak from a chosen IP address (rate limits count per
 * address) and send multipart uploads, and shortcuts for the common walks (request a code and read
 * it from the peer, register, log in).
 */
import { randomBytes } from 'node:crypto';
import type { CallResult, TestSession } from './test-client.js';
import { createTestClient, newDeviceId } from './test-client.js';
import { buildTestApp, type TestApp } from './test-app.js';
import { codeIn, startSmsPeer, startSmtpPeer, type SmsPeer, type SmtpPeer } from './delivery-peers.js';
import { clearRateLimits } from './rate-limits.js';

export interface AccountsHarness {
  ctx: TestApp;
  smtp: SmtpPeer;
  sms: SmsPeer;
  client: ReturnType<typeof createTestClient>;
  /** A sealed call as the web app makes it, from `ip` (a fresh address per harness by default). */
  call<T = Record<string, unknown>>(
    path: string,
    payload?: Record<string, unknown>,
    options?: {
      session?: TestSession;
      noMerge?: boolean;
      ip?: string;
      merged?: Record<string, unknown>;
      /** Accept-Language, as the web app sends the reader's language. */
      language?: string;
    },
  ): Promise<CallResult<T>>;
  /** A multipart call: sealed `data` plus `file`. */
  upload<T = Record<string, unknown>>(
    path: string,
    file: { bytes: Buffer; filename?: string; contentType?: string } | null,
    payload?: Record<string, unknown>,
    options?: { session?: TestSession; noMerge?: boolean; ip?: string },
  ): Promise<CallResult<T>>;
  mailCode(email: string, type: string, session?: TestSession): Promise<string>;
  telCode(tel: string, type: string, session?: TestSession): Promise<string>;
  /** A guest that registers by e-mail (and so becomes that account). */
  registerByEmail(email: string, password: string, guest?: TestSession): Promise<TestSession>;
  /** As if the rate-limit windows had passed (for walks that ask for several codes in a row). */
  forgetLimits(): Promise<void>;
  close(): Promise<void>;
}

export interface LoginData {
  token: string;
  uid: number;
  is_guest: boolean;
}

let ipCounter = 0;
/** A distinct documentation-range address, so tests do not share per-address limits by accident. */
export function newIp(): string {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(4).toString('hex')}@example.test`;
}

let telCounter = 0;
export function uniqueTel(): string {
  telCounter += 1;
  return `139${String(Date.now() % 1e4).padStart(4, '0')}${String(telCounter).padStart(4, '0')}`;
}

export function sessionFrom(data: LoginData, deviceid: string): TestSession {
  return { token: data.token, userId: data.uid, isGuest: data.is_guest, deviceid };
}

/** A multipart/form-data body: text fields, then an optional `file` part. */
export function multipart(
  fields: Record<string, string>,
  file: { bytes: Buffer; filename?: string; contentType?: string } | null,
) {
  const boundary = `----dm51test${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename ?? 'upload.png'}"\r\n` +
          `Content-Type: ${file.contentType ?? 'image/png'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function buildAccountsHarness(): Promise<AccountsHarness> {
  const [smtp, sms] = await Promise.all([startSmtpPeer(), startSmsPeer()]);
  const ctx = await buildTestApp({
    delivery: {
      smtp: { url: smtp.url, host: '', port: 0, secure: false, user: '', pass: '' },
      mailFrom: '51动漫 <no-reply@example.test>',
      sms: {
        url: `${sms.url}/send`,
        method: 'POST',
        bodyTemplate: '{"to":"{phone}","code":"{code}"}',
        contentType: 'application/json',
        authorization: 'Bearer sms-test-key',
      },
    },
  });
  const client = createTestClient(ctx);
  const defaultIp = newIp();

  async function send<T>(
    path: string,
    body: Buffer | string,
    contentType: string,
    ip: string,
    language?: string,
  ): Promise<CallResult<T>> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': contentType, ...(language ? { 'accept-language': language } : {}) },
      remoteAddress: ip,
      body,
    });
    const json = response.json<{ code: number; msg: string; data: unknown }>();
    const data = typeof json.data === 'string' ? (client.envelope.open(json.data) as T) : null;
    return { status: response.statusCode, code: json.code, msg: json.msg, data };
  }

  function sealedBody(
    payload: Record<string, unknown>,
    options: { session?: TestSession; noMerge?: boolean; merged?: Record<string, unknown> },
  ) {
    // Without a session, each call comes from a new device (per-device limits are tested on purpose).
    const device = options.session ? {} : { deviceid: newDeviceId() };
    const body = options.noMerge
      ? { ...payload }
      : { ...client.mergedFields(options.session), ...device, ...options.merged, ...payload };
    return client.envelope.seal(body);
  }

  const harness: AccountsHarness = {
    ctx,
    smtp,
    sms,
    client,
    async call(path, payload = {}, options = {}) {
      return send(
        path,
        `data=${sealedBody(payload, options)}`,
        'application/x-www-form-urlencoded',
        options.ip ?? defaultIp,
        options.language,
      );
    },
    async upload(path, file, payload = {}, options = {}) {
      const { body, contentType } = multipart({ data: sealedBody(payload, options) }, file);
      return send(path, body, contentType, options.ip ?? defaultIp);
    },
    async mailCode(email, type, session) {
      const sent = await harness.call('/v3/login/mailcode', { email, type }, { session, ip: newIp() });
      if (sent.code !== 1) throw new Error(`mailcode failed: ${sent.code} ${sent.msg}`);
      return codeIn((await smtp.nextMailTo(email)).text);
    },
    async telCode(tel, type, session) {
      const before = sms.requests.length;
      const sent = await harness.call('/v3/login/telcode', { tel, type }, { session, ip: newIp() });
      if (sent.code !== 1) throw new Error(`telcode failed: ${sent.code} ${sent.msg}`);
      const request = sms.requests.slice(before).find((r) => r.body.includes(tel));
      if (!request) throw new Error(`no SMS to ${tel}`);
      return (JSON.parse(request.body) as { code: string }).code;
    },
    async registerByEmail(email, password, guest) {
      const session = guest ?? (await client.initGuest());
      const code = await harness.mailCode(email, 'reg', session);
      const result = await harness.call<LoginData>(
        '/v3/login/reg',
        {
          account: email,
          code,
          password,
          guest_token: session.token,
          guest_uid: session.userId,
          deviceid: session.deviceid,
        },
        { noMerge: true, ip: newIp() },
      );
      if (result.code !== 1 || !result.data) throw new Error(`reg failed: ${result.code} ${result.msg}`);
      return sessionFrom(result.data, session.deviceid);
    },
    async forgetLimits() {
      // In whichever store the app counts in (Redis too, on the suite's Redis leg).
      await clearRateLimits(ctx.app);
    },
    async close() {
      await ctx.close();
      await Promise.all([smtp.close(), sms.close()]);
    },
  };
  return harness;
}
