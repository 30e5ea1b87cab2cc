/**
 * The set-up every console browser test shares: a data folder (seeded first if the test needs a
 * catalogue), the real built server with Chromium, a reader's phone (375×812) and an operator's
 * desktop (1440×900), and an owner made with the real CLI and signed in with TOTP. Optionally an
 * SMTP peer on loopback, for tests whose reader registers by e-mail.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startSmtpPeer, type SmtpPeer } from '../../packages/server/src/testing/delivery-peers.js';
import {
  createOwnerWithCli,
  freshTotpCode,
  newDesktopContext,
  signInToConsole,
  type CreatedOperator,
} from './admin-console.js';
import { newPhoneContext } from './chromium.js';
import { startServerAndBrowser } from './harness.js';
import type { RunningServer } from './server.js';

export interface ConsoleFixture {
  dataDir: string;
  server: RunningServer;
  browser: Browser;
  readerContext: BrowserContext;
  operatorContext: BrowserContext;
  /** The reader's phone page. */
  reader: Page;
  /** The signed-in owner's console page. */
  operator: Page;
  owner: CreatedOperator;
  /** TOTP codes already used (each is single-use): pass to freshTotpCode for another sign-in. */
  usedCodes: Set<string>;
  /** The SMTP peer, when asked for. */
  smtp: SmtpPeer | null;
  close(): Promise<void>;
}

export interface ConsoleFixtureOptions {
  /** Names the data folder and the owner. */
  name: string;
  /** Writes what the server should find in its data folder before it starts (a seeded catalogue). */
  prepare?: (dataDir: string) => Promise<unknown>;
  /** More server environment (DATA_DIR and, with `smtp`, the mail settings are set already). */
  env?: (dataDir: string) => Record<string, string>;
  /** Start an SMTP peer and point the server's mail at it. */
  smtp?: boolean;
}

export async function startConsoleFixture(options: ConsoleFixtureOptions): Promise<ConsoleFixture> {
  const dataDir = mkdtempSync(join(tmpdir(), `dm51-e2e-${options.name}-`));
  let smtp: SmtpPeer | null = null;
  let started: [RunningServer, Browser] | null = null;
  try {
    await options.prepare?.(dataDir);
    if (options.smtp) smtp = await startSmtpPeer();
    const mail: Record<string, string> = smtp
      ? { SMTP_URL: smtp.url, MAIL_FROM: '51动漫 <no-reply@example.test>' }
      : {};
    started = await startServerAndBrowser({ DATA_DIR: dataDir, ...mail, ...options.env?.(dataDir) });
    const [server, browser] = started;
    const readerContext = await newPhoneContext(browser, server.baseURL);
    const operatorContext = await newDesktopContext(browser, server.baseURL);
    const reader = await readerContext.newPage();
    const operator = await operatorContext.newPage();
    const owner = await createOwnerWithCli(server, `e2e-${options.name}-owner`);
    const usedCodes = new Set<string>();
    await signInToConsole(operator, owner, await freshTotpCode(owner.secret, usedCodes));
    return {
      dataDir,
      server,
      browser,
      readerContext,
      operatorContext,
      reader,
      operator,
      owner,
      usedCodes,
      smtp,
      async close() {
        await readerContext.close();
        await operatorContext.close();
        await browser.close();
        await server.stop();
        await smtp?.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (started) {
      await started[1].close();
      await started[0].stop();
    }
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
