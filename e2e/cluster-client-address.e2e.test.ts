/**
 * The client's own address behind the balancer: three instances behind Debian's HAProxy (the
 * scaled deployment of e2e/support/cluster.ts, with `option forwardfor` and the instances'
 * TRUST_PROXY naming the balancer). An attacker on another address (127.0.0.2) hammers the login
 * with wrong passwords, mostly at other accounts and a few times at the victim's, until the
 * deployment refuses it; the victim, in Chromium on 127.0.0.1, then logs in with the right
 * password and is in. Counted by the balancer's own address instead, the attacker's failures
 * would have refused every reader.
 */
import { request } from 'node:http';
import { ApiCode, createEnvelope } from '@dm51/shared';
import { nodeCfbCipher } from '@dm51/shared/node';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../packages/server/src/rate-limit/rate-limiter.js';
import { hashPassword } from '../packages/server/src/services/password.service.js';
import { go, openApp, storedSession, waitForGuestFlag } from './support/app-session.js';
import { launchChromium, newPhoneContext } from './support/chromium.js';
import { executeClusterDb, startCluster, type RunningCluster } from './support/cluster.js';
import { E2E_KEYS } from './support/server.js';

/** Another loopback address: Linux answers all of 127.0.0.0/8, so a client can send from it. */
const ATTACKER_ADDRESS = '127.0.0.2';
const VICTIM_EMAIL = `victim-${Date.now()}@example.test`;
const VICTIM_PASSWORD = 'the right password';
const VICTIM_NICKNAME = '正版读者';

const envelope = createEnvelope(E2E_KEYS.envelopeKey, nodeCfbCipher);
let cluster: RunningCluster;
let browser: Browser;
const contexts: BrowserContext[] = [];
let victimUid = 0;

interface LoginAnswer {
  status: number;
  code: number;
  msg: string;
}

/**
 * One /v3/login/index through the balancer from the attacker's address. It also claims, in its own
 * X-Forwarded-For, to be the victim's address: the instances must take the address HAProxy saw.
 */
function attackerLogin(account: string, password: string, attempt: number): Promise<LoginAnswer> {
  const body = new URLSearchParams({
    data: envelope.seal({ account, password, deviceid: `attacker-device-${attempt}`, facility: 'Linux_h5' }),
  }).toString();
  const url = new URL('/v3/login/index', cluster.baseURL);
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: ATTACKER_ADDRESS,
        // A connection per call: no kept-alive socket that HAProxy may have closed in between.
        agent: false,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': '127.0.0.1',
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          try {
            const json = JSON.parse(text) as { code: number; msg: string };
            resolve({ status: response.statusCode ?? 0, code: json.code, msg: json.msg });
          } catch {
            reject(new Error(`HTTP ${response.statusCode}: ${text.slice(0, 200)}`));
          }
        });
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

beforeAll(async () => {
  // Chromium first: it fails fast when missing, before a cluster would be left to clean up.
  browser = await launchChromium();
  cluster = await startCluster({ instances: 3 });
  // The victim: a registered account with a password (a guest made a user in the database, since
  // registering needs a mailed code and is not what this file tests).
  const init = await fetch(`${cluster.baseURL}/v3/app/init`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      data: envelope.seal({
        facility: 'Linux_h5',
        deviceid: 'e2e-victim-setup',
        apikey: E2E_KEYS.apiKey,
        is_guest: 1,
        user_token: '',
        user_id: 0,
        timestamp: Date.now(),
      }),
    }).toString(),
  });
  const json = (await init.json()) as { code: number; data: string };
  expect(json.code).toBe(1);
  victimUid = (envelope.open(json.data) as { user: { id: number } }).user.id;
  const hash = (await hashPassword(VICTIM_PASSWORD)).replaceAll("'", "''");
  executeClusterDb(
    cluster.databaseUrl,
    `update users set is_guest = 0, email = '${VICTIM_EMAIL}', password_hash = '${hash}',
       nickname = '${VICTIM_NICKNAME}' where id = ${victimUid}`,
  );
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await cluster?.stop();
});

describe('per-address login limits through HAProxy', () => {
  it("refuse an attacker's address without refusing a reader who logs in from another", async () => {
    // Enough failures to use up one address's allowance, and some more: mostly at accounts that do
    // not exist, a few at the victim's (fewer than would lock the account itself).
    const attempts = LIMITS.loginFailuresPerIp.limit + 10;
    const answers: LoginAnswer[] = [];
    for (let start = 0; start < attempts; start += 5) {
      const batch = Array.from({ length: Math.min(5, attempts - start) }, (_, i) => {
        const attempt = start + i;
        const atVictim = attempt % 15 === 0 && attempt < 45;
        const account = atVictim ? VICTIM_EMAIL : `someone-${attempt}@example.test`;
        return attackerLogin(account, `guess ${attempt}`, attempt);
      });
      answers.push(...(await Promise.all(batch)));
    }
    // Every answer is a failed login or a refusal, never an error; and the end is a refusal.
    for (const answer of answers) expect([ApiCode.LOGIN_FAILED, ApiCode.RATE_LIMITED]).toContain(answer.code);
    expect(answers.filter((answer) => answer.code === ApiCode.LOGIN_FAILED).length).toBeGreaterThan(0);
    const last = await attackerLogin('someone-last@example.test', 'guess', attempts);
    expect(last, JSON.stringify(answers.slice(-5))).toMatchObject({ code: ApiCode.RATE_LIMITED });
    expect(last.msg).toMatch(/Too many failed logins/);

    // The victim, in the browser on 127.0.0.1, logs in with the right password and is in.
    const context = await newPhoneContext(browser, cluster.baseURL);
    contexts.push(context);
    const page = await context.newPage();
    await openApp(page);
    await go(page, '/pages/user/login/login');
    await page.getByTestId('login-account').fill(VICTIM_EMAIL);
    await page.getByTestId('login-password').fill(VICTIM_PASSWORD);
    await page.getByTestId('login-submit').click();
    await waitForGuestFlag(page, '0');
    expect((await storedSession(page)).uid).toBe(victimUid);
    await go(page, '/pages/user/user');
    await expect.poll(() => page.getByTestId('user-nickname').textContent()).toBe(VICTIM_NICKNAME);
    expect(await page.getByTestId('user-guest-badge').count()).toBe(0);

    // And the attacker is still refused: the victim's login cleared nothing of its own.
    expect(await attackerLogin('someone-after@example.test', 'guess', attempts + 1)).toMatchObject({
      code: ApiCode.RATE_LIMITED,
    });
  }, 180_000);
});
