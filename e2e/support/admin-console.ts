/**
 * The operator side of the console tests: the real CLI creating an operator against the server's
 * database, a desktop browser context (1440×900, the console's design size) that records CSP
 * violations, and sign-in through the console's own two-step form with a TOTP code computed by the
 * same library the server checks it with.
 */
import { spawn } from 'node:child_process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { totpCode } from '../../packages/server/src/admin/auth/totp.js';
import { REPO_ROOT, type RunningServer } from './server.js';

export interface CreatedOperator {
  id: number;
  name: string;
  role: string;
  secret: string;
  uri: string;
  password: string;
}

/** `npm run admin -- create-owner --name <name> --json`, as an operator would run it. */
export async function createOwnerWithCli(server: RunningServer, name: string): Promise<CreatedOperator> {
  const child = spawn('npm', ['run', '--silent', 'admin', '--', 'create-owner', '--name', name, '--json'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '',
      DATA_DIR: server.dataDir,
      // A scaled deployment's operators live in its PostgreSQL database.
      ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`create-owner failed (${code}): ${err}`);
  const line = out
    .trim()
    .split('\n')
    .find((l) => l.startsWith('{'));
  if (!line) throw new Error(`create-owner printed no JSON: ${out}`);
  return JSON.parse(line) as CreatedOperator;
}

export async function newDesktopContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
  });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  return context;
}

/** Waits for the next TOTP step when the current one was already used (codes are single-use). */
export async function freshTotpCode(secret: string, used: Set<string>): Promise<string> {
  for (;;) {
    const code = totpCode(secret);
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export async function signInToConsole(page: Page, operator: CreatedOperator, code: string): Promise<void> {
  await page.goto('/admin/');
  await page.getByTestId('login-card').waitFor();
  await page.getByTestId('login-name').fill(operator.name);
  await page.getByTestId('login-password').fill(operator.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('login-code').waitFor();
  await page.getByTestId('login-code').fill(code);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('operator').waitFor();
}
