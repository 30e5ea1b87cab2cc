import { describe, expect, it } from 'vitest';
import { maskAddress } from './mask';

describe('maskAddress', () => {
  it('masks phone numbers and e-mail addresses', () => {
    expect(maskAddress('13812345678')).toBe('138****5678');
    expect(maskAddress('reader@example.com')).toBe('r***@example.com');
    expect(maskAddress('12')).toBe('12');
  });
});
