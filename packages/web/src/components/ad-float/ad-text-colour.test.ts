import { describe, expect, it } from 'vitest';
import {
  AD_TEXT_DARK_BACKING,
  AD_TEXT_LIGHT_BACKING,
  adTextColours,
  contrastRatio,
  parseColour,
} from './ad-text-colour';

describe('ad text colours', () => {
  it('puts light text on the dark backing and dark text on the light one', () => {
    expect(adTextColours('#ffffff')).toEqual({ color: '#ffffff', background: AD_TEXT_DARK_BACKING });
    expect(adTextColours('#fff')?.background).toBe(AD_TEXT_DARK_BACKING);
    expect(adTextColours('#ffee00')?.background).toBe(AD_TEXT_DARK_BACKING);
    expect(adTextColours('#000000')?.background).toBe(AD_TEXT_LIGHT_BACKING);
    expect(adTextColours('rgb(20, 30, 200)')?.background).toBe(AD_TEXT_LIGHT_BACKING);
  });

  it('always reaches a readable contrast for black, white and saturated colours', () => {
    for (const colour of ['#ffffff', '#000000', '#ff0000', '#00ff00', '#0000ff', '#fd586d', '#14b8a6']) {
      const chosen = adTextColours(colour)!;
      expect(contrastRatio(parseColour(colour)!, parseColour(chosen.background)!)).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });

  it('leaves colours it cannot read to the theme', () => {
    expect(adTextColours('')).toBeNull();
    expect(adTextColours('red')).toBeNull();
    expect(adTextColours('#12345')).toBeNull();
    expect(adTextColours('rgb(300, 0, 0)')).toBeNull();
  });

  it('reads #rgb, #rrggbb, #rrggbbaa and rgb()/rgba()', () => {
    expect(parseColour('#abc')).toEqual([0xaa, 0xbb, 0xcc]);
    expect(parseColour('#AABBCC80')).toEqual([0xaa, 0xbb, 0xcc]);
    expect(parseColour('rgba(1, 2, 3, 0.5)')).toEqual([1, 2, 3]);
    expect(parseColour('rgb(1 2 3)')).toEqual([1, 2, 3]);
  });
});
