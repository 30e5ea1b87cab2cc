import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (event: Event) => void;
type ObserverCallback = (list: { getEntries: () => unknown[] }) => void;

/** A page's events and paint entries, driven by the test. */
function fakePage() {
  const listeners = new Map<string, Listener[]>();
  const observers: ObserverCallback[] = [];
  vi.stubGlobal('addEventListener', (type: string, listener: Listener) => {
    listeners.set(type, [...(listeners.get(type) ?? []), listener]);
  });
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      constructor(private readonly callback: ObserverCallback) {}
      observe() {
        observers.push(this.callback);
      }
      disconnect() {
        observers.splice(observers.indexOf(this.callback), 1);
      }
    },
  );
  return {
    fire: (type: string) => listeners.get(type)?.forEach((listener) => listener(new Event(type))),
    paint: (tagName: string, url = '') =>
      [...observers].forEach((callback) => callback({ getEntries: () => [{ element: { tagName }, url }] })),
  };
}

async function load() {
  vi.resetModules();
  return import('./after-landing');
}

/** Whether the promise has settled after the pending timers and microtasks ran. */
async function settled(promise: Promise<void>, advanceMs = 0): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(advanceMs);
  return done;
}

describe('afterLanding', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the landing image to paint, not for a paint of text', async () => {
    const page = fakePage();
    const { afterLanding } = await load();
    const landed = afterLanding();
    page.paint('H1');
    expect(await settled(landed)).toBe(false);
    page.paint('IMG');
    expect(await settled(landed)).toBe(true);
  });

  it('takes a background image’s paint as the landing image (a detail page’s blurred cover)', async () => {
    const page = fakePage();
    const { afterLanding } = await load();
    const landed = afterLanding();
    page.paint('DIV');
    expect(await settled(landed)).toBe(false);
    page.paint('DIV', 'blob:http://localhost/cover');
    expect(await settled(landed)).toBe(true);
  });

  it('does not hold back a visitor who touches the page first', async () => {
    const page = fakePage();
    const { afterLanding } = await load();
    const landed = afterLanding();
    expect(await settled(landed, 100)).toBe(false);
    page.fire('pointerdown');
    expect(await settled(landed)).toBe(true);
  });

  it('goes ahead after the fallback time on a page without an image', async () => {
    fakePage();
    const { afterLanding, FALLBACK_MS } = await load();
    const landed = afterLanding();
    expect(await settled(landed, FALLBACK_MS - 10)).toBe(false);
    expect(await settled(landed, 20)).toBe(true);
  });
});
