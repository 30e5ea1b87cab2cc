/**
 * `npm run screenshots:ai-chat`: the docs' character chat pictures, taken from the product as a user
 * sees it. Seeds a novel whose chapters name their characters, starts the built server,
 * and in the light and the dark theme at 375×812: a new session with AI credits reads chapter 2,
 * opens the chat and asks Mira a question, and the reply is kept once it has streamed in
 * (ai-chat-<theme>.png); in light, "previously on" in the novel reader at chapter 3
 * (ai-recap-light.png) and Chat on the novel's detail page (ai-chat-detail-light.png). Writes into E2E_SCREENSHOTS (default docs/screenshots).
 * The chat model is an OpenAI-compatible server on loopback with a written reply: chat needs a model,
 * and the tour must not depend on one being installed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { go, openApp, storedSession } from './support/app-session.js';
import { giveCredits, seedChatCatalogue, type ChatSeed } from './support/ai-chat-flow.js';
import { startServerAndBrowser } from './support/harness.js';
import { keepScreenshot, newThemedContext, settle, THEMES, type Theme } from './support/screenshots.js';
import { REPO_ROOT, type RunningServer } from './support/server.js';
import { startOpenAiPeer } from '../packages/server/src/testing/openai-peer.js';

async function tour(browser: Browser, server: RunningServer, seed: ChatSeed, theme: Theme) {
  const context = await newThemedContext(browser, server.baseURL, theme);
  const page = await context.newPage();
  try {
    await openApp(page);
    const { uid } = await storedSession(page);
    await giveCredits(server, uid, 5);
    await go(page, `/pages/novel/reader?column=${seed.workId}&chapter=${seed.chapterIds[1]}`);
    await page.getByTestId('novel-reader').waitFor();
    await page.waitForTimeout(1500); // the reading place is saved shortly after opening
    await go(page, `/pages/ai/chat?work_id=${seed.workId}&character=Mira`);
    await page.getByTestId('ai-chat-wallet').waitFor();
    await page.getByTestId('ai-chat-input').fill('Where is the silver key?');
    await page.getByTestId('ai-chat-send').click();
    await page.getByTestId('ai-chat-reply').waitFor({ timeout: 15_000 });
    await page.getByTestId('ai-chat-input').fill('Who helps you?');
    await page.getByTestId('ai-chat-send').click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="ai-chat-reply"]').length === 2,
      null,
      {
        timeout: 15_000,
      },
    );
    await settle(page);
    await keepScreenshot(page, `ai-chat-${theme}`);
    if (theme === 'light') {
      await go(page, `/pages/novel/cover?column=${seed.workId}`);
      await page.getByTestId('detail-chat').waitFor();
      await settle(page);
      await keepScreenshot(page, 'ai-chat-detail-light');
      await go(page, `/pages/novel/reader?column=${seed.workId}&chapter=${seed.chapterIds[2]}`);
      await page.getByTestId('reader-recap').click();
      await page.getByTestId('reader-ai-text').waitFor();
      await page.waitForTimeout(400);
      await keepScreenshot(page, 'ai-recap-light');
    }
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  process.env['E2E_SCREENSHOTS'] ??= join(REPO_ROOT, 'docs/screenshots');
  const dataDir = mkdtempSync(join(tmpdir(), 'dm51-ai-chat-tour-'));
  const seed = await seedChatCatalogue(dataDir);
  const peer = await startOpenAiPeer();
  peer.reply = 'The key is under the great bell. Tom told me so, and tonight I am climbing the tower.';
  peer.chunkDelayMs = 40;
  let server: RunningServer | null = null;
  let browser: Browser | null = null;
  try {
    [server, browser] = await startServerAndBrowser({
      DATA_DIR: dataDir,
      AI_CHAT_PROVIDER: 'openai',
      AI_CHAT_BASE_URL: peer.baseUrl,
    });
    for (const theme of THEMES) await tour(browser, server, seed, theme);
    console.log(`screenshots written to ${process.env['E2E_SCREENSHOTS']}`);
  } catch (error) {
    if (server) console.error(server.output().slice(-3000));
    throw error;
  } finally {
    await browser?.close();
    await server?.stop();
    await peer.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
