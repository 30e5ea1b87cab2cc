import { CAPTCHA } from '@dm51/shared';
import { describe, expect, it } from 'vitest';
import { randomCaptcha } from './captcha';

describe('randomCaptcha', () => {
  it('is 4 digits by default (spec §5, §9)', () => {
    for (let i = 0; i < 50; i++) expect(randomCaptcha()).toMatch(new RegExp(`^\\d{${CAPTCHA.length}}$`));
  });

  it('uses every digit', () => {
    let n = 0;
    const sequence = () => (n++ % 10) / 10;
    expect(randomCaptcha(10, sequence)).toBe('0123456789');
  });
});
