import { describe, expect, it } from 'vitest';
import { unreadLabel } from './unread-label';

describe('unread badge text', () => {
  it('counts up to 99, then says 99+', () => {
    expect(unreadLabel(1)).toBe('1');
    expect(unreadLabel(99)).toBe('99');
    expect(unreadLabel(100)).toBe('99+');
    expect(unreadLabel(1001)).toBe('99+');
  });
});
