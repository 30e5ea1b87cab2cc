import { describe, expect, it } from 'vitest';
import { formatBytes } from './byte-size';

describe('formatBytes', () => {
  it('reads sizes in decimal kB, MB and GB with one decimal', () => {
    expect(formatBytes(0, 'en')).toBe('0 kB');
    expect(formatBytes(400, 'en')).toBe('0.4 kB');
    expect(formatBytes(12_345, 'en')).toBe('12.3 kB');
    expect(formatBytes(12_345_678, 'en')).toBe('12.3 MB');
    expect(formatBytes(2_147_483_648, 'en')).toBe('2.1 GB');
  });

  it('drops the decimal once it says nothing', () => {
    expect(formatBytes(123_456_789, 'en')).toBe('123 MB');
    expect(formatBytes(5_000_000, 'en')).toBe('5 MB');
  });

  it('writes the language’s own separators and unit symbols', () => {
    // French puts a no-break space before the unit.
    expect(formatBytes(12_345_678, 'fr').replace(/\s/u, ' ')).toBe('12,3 Mo');
    expect(formatBytes(12_345_678, 'es')).toBe('12,3 MB');
  });

  it('shows nothing stored for a missing or broken figure', () => {
    expect(formatBytes(Number.NaN, 'en')).toBe('0 kB');
    expect(formatBytes(-5, 'en')).toBe('0 kB');
  });
});
