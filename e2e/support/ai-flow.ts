/** Steps of the AI cos browser test and screenshot tour: open the AI tab, upload, generate. */
import type { Page } from 'playwright-core';
import { samplePhoto } from '../../packages/server/src/testing/ai-peers.js';
import { go } from './app-session.js';

export const AI_PATH = '/pages/ai/ai';
export const AI_LOG_PATH = '/pages/ai/aiLog';

export async function openAiTab(p: Page): Promise<void> {
  await go(p, AI_PATH);
  await p.getByTestId('ai-header').waitFor();
}

/** Picks the sample photo in the AI cos card. */
export async function uploadPhoto(p: Page): Promise<void> {
  await p.getByTestId('ai-file').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await samplePhoto(),
  });
  await p.locator('[data-testid="ai-source-preview"] img').waitFor();
}

/** Taps Generate with `style` and waits for the job to end; answers 'done' or 'failed'. */
export async function generate(p: Page, style: string): Promise<'done' | 'failed'> {
  await p.getByTestId(`ai-style-${style}`).click();
  // Generate is disabled while the job runs. A job the provider fails at once can be over before a
  // poll of the button would see it, so an observer set up before the tap records that it happened.
  await p.evaluate(() => {
    const seen = window as unknown as { generateWasBusy?: boolean };
    seen.generateWasBusy = false;
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="ai-generate"]')?.hasAttribute('disabled')) {
        seen.generateWasBusy = true;
        observer.disconnect();
      }
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
  });
  await p.locator('[data-testid="ai-generate"]:enabled').click();
  const ended = p.locator('[data-testid="ai-cos-card"] [data-testid="ai-result"], [data-testid="ai-failed"]');
  await p.waitForFunction(
    () => (window as unknown as { generateWasBusy?: boolean }).generateWasBusy === true,
  );
  await p.locator('[data-testid="ai-generate"]:enabled').waitFor({ timeout: 20_000 });
  await ended.first().waitFor({ timeout: 20_000 });
  return (await p.getByTestId('ai-failed').count()) > 0 ? 'failed' : 'done';
}

export async function freeLeft(p: Page): Promise<string> {
  return (await p.getByTestId('ai-free-left').textContent()) ?? '';
}
