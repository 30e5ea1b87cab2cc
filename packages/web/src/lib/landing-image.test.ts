import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let landed: () => void = () => undefined;
vi.mock('./after-landing', () => ({
  afterLanding: () => new Promise<void>((resolve) => (landed = resolve)),
}));

async function load() {
  vi.resetModules();
  return import('./landing-image');
}

const BANNER = '/media/lib/aa/banner_xfile.webp';
const COVER = '/media/lib/bb/cover_xfile.webp';
const PAGE_ONE = '/media/lib/dd/page-1_xfile.jpg';
const PAGE_TWO = '/media/lib/ee/page-2_xfile.jpg';

describe('the landing image goes first', () => {
  beforeEach(() => {
    landed = () => undefined;
  });
  afterEach(() => vi.restoreAllMocks());

  it('holds nothing while the launch has named no image', async () => {
    const { isHeldForLanding } = await load();
    expect(isHeldForLanding(COVER)).toBe(false);
  });

  it('holds every other image until the landing page has landed (a tap, the fallback), then lets them all go', async () => {
    const { holdForLandingImage, isHeldForLanding, subscribeLandingHold } = await load();
    const heard = vi.fn();
    subscribeLandingHold(heard);
    holdForLandingImage(BANNER);
    expect(isHeldForLanding(BANNER)).toBe(false);
    expect(isHeldForLanding(COVER)).toBe(true);

    landed();
    await Promise.resolve();
    await Promise.resolve();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(isHeldForLanding(COVER)).toBe(false);
  });

  it('lets the others go once the landing image is loaded or has failed, and names only the launch’s image', async () => {
    const { holdForLandingImage, isHeldForLanding, landingImageSettled } = await load();
    holdForLandingImage(BANNER);
    holdForLandingImage(COVER);
    expect(isHeldForLanding(COVER)).toBe(true);
    landingImageSettled(COVER);
    expect(isHeldForLanding(COVER)).toBe(true);
    landingImageSettled(BANNER);
    expect(isHeldForLanding(COVER)).toBe(false);
    // Later pages' images are never held again.
    holdForLandingImage(COVER);
    expect(isHeldForLanding('/media/lib/cc/other_xfile.webp')).toBe(false);
  });

  it('held until painted (a reader’s first page), loaded is not enough: the others go at the paint, or a moment after loading without one', async () => {
    vi.useFakeTimers();
    const { holdForLandingImage, isHeldForLanding, landingImageSettled, SETTLED_GRACE_MS } = await load();
    holdForLandingImage(PAGE_ONE, { untilPainted: true });
    landingImageSettled(PAGE_ONE);
    expect(isHeldForLanding(PAGE_TWO)).toBe(true);
    vi.advanceTimersByTime(SETTLED_GRACE_MS - 1);
    expect(isHeldForLanding(PAGE_TWO)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(isHeldForLanding(PAGE_TWO)).toBe(false);
    vi.useRealTimers();
  });

  it('held until painted, the others go as soon as the paint is reported, without the grace', async () => {
    vi.useFakeTimers();
    const { holdForLandingImage, isHeldForLanding, landingImageSettled } = await load();
    holdForLandingImage(PAGE_ONE, { untilPainted: true });
    landingImageSettled(PAGE_ONE);
    landed();
    await vi.advanceTimersByTimeAsync(0);
    expect(isHeldForLanding(PAGE_TWO)).toBe(false);
    vi.useRealTimers();
  });
});
