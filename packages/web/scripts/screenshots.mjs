#!/usr/bin/env node
/**
 * Screenshots of the running app for looking at it (not a test): 375×812 phone shots of home
 * (light, dark), mine, settings, a coming-soon page and the guest prompt, plus a 1280×800 desktop view.
 *   node packages/web/scripts/screenshots.mjs [baseUrl=http://localhost:8080] [outDir=docs/screenshots]
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const base = (process.argv[2] ?? 'http://localhost:8080').replace(/\/$/, '');
const out = resolve(process.argv[3] ?? 'docs/screenshots');
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

async function phone(locale = 'zh-CN') {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') console.error(`[console] ${msg.text()}`);
  });
  page.on('pageerror', (error) => console.error(`[pageerror] ${error.message}`));
  return page;
}

async function shot(page, name) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(out, `${name}.png`) });
  console.log(`wrote ${name}.png`);
}

try {
  const page = await phone(process.env.SHOT_LOCALE ?? 'zh-CN');
  await page.goto(`${base}/`);
  await page.getByTestId('home-page').waitFor({ timeout: 20_000 });
  await shot(page, 'home-light');

  await page.goto(`${base}/#/pages/user/user`);
  await page.getByTestId('user-page').waitFor();
  await shot(page, 'mine');

  await page.getByTestId('user-entry-quest').click();
  await page.getByTestId('guest-prompt').waitFor();
  await shot(page, 'guest-prompt');
  await page.getByTestId('guest-prompt-cancel').click();

  await page.goto(`${base}/#/pages/user/seting/seting`);
  await page.getByTestId('settings-page').waitFor();
  await shot(page, 'settings');

  await page.goto(`${base}/#/pages/cartoon/details?column=1`);
  await page.getByTestId('coming-soon').waitFor();
  await shot(page, 'coming-soon');

  await page.goto(`${base}/#/pages/user/seting/seting`);
  await page.getByTestId('theme-toggle').click();
  await page.goto(`${base}/#/pages/home/home?tab=0`);
  await page.getByTestId('home-page').waitFor();
  await shot(page, 'home-dark');
  await page.goto(`${base}/#/pages/user/user`);
  await page.getByTestId('user-page').waitFor();
  await shot(page, 'mine-dark');

  const desktop = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await desktop.goto(`${base}/`);
  await desktop.getByTestId('home-page').waitFor({ timeout: 20_000 });
  await shot(desktop, 'desktop');
} finally {
  await browser.close();
}
