/**
 * The update config's cache under out-of-order reads: a read begun before the console saved (and
 * invalidated) must not put the old download host back into the page's policy when it ends late.
 */
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { SettingsRepository } from '../repositories/settings.repository.js';
import { UpdateConfigService } from './update-config.service.js';

/** Settings whose reads the test finishes by hand, in any order. */
function slowSettings() {
  let link = 'https://old.example.net/app.apk';
  const pending: (() => void)[] = [];
  const settings = {
    getMany: () =>
      new Promise<Map<string, string>>((resolve) => {
        const answer = new Map([['update.updateLink', JSON.stringify(link)]]);
        pending.push(() => resolve(answer));
      }),
  } as unknown as SettingsRepository;
  return {
    settings,
    setLink: (next: string) => (link = next),
    finish: (index: number) => pending[index]!(),
  };
}

describe('UpdateConfigService', () => {
  it('keeps the newer download host when a read begun before a save ends after it', async () => {
    const store = slowSettings();
    const service = new UpdateConfigService(store.settings, pino({ level: 'silent' }));
    const stale = service.current(); // read 0 sees the old link
    store.setLink('https://cdn.example.org/app.apk');
    service.invalidate();
    const fresh = service.current(); // read 1 sees the new link
    store.finish(1);
    await fresh;
    store.finish(0);
    await stale;
    expect(service.downloadOrigins()).toEqual(['https://cdn.example.org']);
  });
});
