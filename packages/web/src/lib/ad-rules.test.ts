import type { Ad } from '@dm51/shared';
import { describe, expect, it } from 'vitest';
import {
  adAnchor,
  adClickTarget,
  adOffset,
  adPlacement,
  isAdVisible,
  platformAllows,
  recordClose,
  rpxToPx,
  type AdCloseRecord,
} from './ad-rules';

const AD: Ad = {
  id: 7,
  name: 'Float',
  pic: '/media/ad.png',
  pic_width: 150,
  pic_height: 200,
  url: '',
  position: 'right-bottom',
  position_offset_x: '10px',
  position_offset_y: '20%',
  bg_transparent: 0,
  hide_time: 3000,
  display_time_again: 60_000,
  platform_show: 0,
  adtext_show: 0,
  adtext: '',
  adtext_size: 12,
  adtext_color: '#fff',
  close_btn_control: 'small',
  ad_bg_show: 1,
};
const NEVER: AdCloseRecord = { pages: {}, global: null };
const base = { ad: AD, global: 1, standalone: false, closes: NEVER, page: 'home', now: 1_000_000 };

describe('ad visibility (spec §4)', () => {
  it('needs the page ad and a global flag other than 0', () => {
    expect(isAdVisible(base)).toBe(true);
    expect(isAdVisible({ ...base, ad: undefined })).toBe(false);
    expect(isAdVisible({ ...base, global: 0 })).toBe(false);
    expect(isAdVisible({ ...base, global: 2 })).toBe(true);
  });

  it('platform_show 1 only in the installed app, 2 only in the browser, 0 everywhere', () => {
    expect(platformAllows(1, true)).toBe(true);
    expect(platformAllows(1, false)).toBe(false);
    expect(platformAllows(2, true)).toBe(false);
    expect(platformAllows(2, false)).toBe(true);
    expect(platformAllows(0, true) && platformAllows(0, false)).toBe(true);
    expect(isAdVisible({ ...base, ad: { ...AD, platform_show: 1 } })).toBe(false);
    expect(isAdVisible({ ...base, ad: { ...AD, platform_show: 1 }, standalone: true })).toBe(true);
  });

  it('stays hidden after a close until display_time_again has passed', () => {
    const closes = recordClose(NEVER, 'home', true, 1_000_000);
    expect(isAdVisible({ ...base, closes, now: 1_000_000 + 60_000 })).toBe(false);
    expect(isAdVisible({ ...base, closes, now: 1_000_000 + 60_001 })).toBe(true);
    // A close on another page does not hide this one.
    expect(isAdVisible({ ...base, closes, page: 'user', now: 1_000_001 })).toBe(true);
  });

  it('falls back to the global close time when the page has no close of its own', () => {
    const closes = recordClose(NEVER, 'sort', false, 1_000_000);
    expect(closes).toEqual({ pages: {}, global: 1_000_000 });
    expect(isAdVisible({ ...base, closes, now: 1_000_500 })).toBe(false);
    expect(isAdVisible({ ...base, closes, now: 1_060_001 })).toBe(true);
    // The page's own close wins over the global one.
    const own = recordClose(closes, 'home', true, 900_000);
    expect(isAdVisible({ ...base, closes: own, now: 961_000 })).toBe(true);
  });
});

describe('ad offsets and size (spec §5)', () => {
  it('keeps a number, number+px or number+%; anything else is 0px', () => {
    expect(adOffset('12')).toBe('12px');
    expect(adOffset(12)).toBe('12px');
    expect(adOffset('-4.5px')).toBe('-4.5px');
    expect(adOffset('30%')).toBe('30%');
    expect(adOffset('3em')).toBe('0px');
    expect(adOffset('calc(1px)')).toBe('0px');
    expect(adOffset('')).toBe('0px');
  });

  it('places from the anchored edges', () => {
    expect(adPlacement(AD).style).toEqual({ right: '10px', bottom: '20%' });
    expect(adPlacement({ ...AD, position: 'left-top' }).style).toEqual({ left: '10px', top: '20%' });
    expect(adPlacement({ ...AD, position: 'right-center', position_offset_y: '0' }).style).toEqual({
      right: '10px',
      top: 'calc(50% + 0px)',
      transform: 'translateY(-50%)',
    });
    expect(adAnchor('nonsense')).toEqual({ horizontal: 'right', vertical: 'bottom' });
    expect(adAnchor('center')).toEqual({ horizontal: 'center', vertical: 'center' });
    expect(adAnchor('bottom_center')).toEqual({ horizontal: 'center', vertical: 'bottom' });
    expect(adAnchor('Left')).toEqual({ horizontal: 'left', vertical: 'bottom' });
    // Minimised: flush with its side edge at the same height.
    expect(adPlacement({ ...AD, position: 'left-bottom' }, true)).toEqual({
      style: { left: '0px', bottom: '20%' },
      side: 'left',
    });
  });

  it('converts rpx by the app width', () => {
    expect(rpxToPx(150, 375)).toBe(75);
    expect(rpxToPx(750, 480)).toBe(480);
    expect(rpxToPx(0, 375)).toBe(0);
  });
});

describe('ad click target (spec §5)', () => {
  it('opens web addresses outside, switches to tab pages, opens anything else as a page', () => {
    expect(adClickTarget('https://example.com/x')).toEqual({
      kind: 'external',
      url: 'https://example.com/x',
    });
    expect(adClickTarget('www.example.com')).toEqual({ kind: 'external', url: 'https://www.example.com' });
    expect(adClickTarget('/pages/sort/sort')).toEqual({ kind: 'tab', to: '/pages/sort/sort' });
    expect(adClickTarget('pages/user/user')).toEqual({ kind: 'tab', to: '/pages/user/user' });
    expect(adClickTarget('/pages/cartoon/details?column=3')).toEqual({
      kind: 'page',
      to: '/pages/cartoon/details?column=3',
    });
    expect(adClickTarget('  ')).toEqual({ kind: 'none' });
  });
});
