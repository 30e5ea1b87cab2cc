import { ApiCode } from '@dm51/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { lockReasonOf } from './lock-reason';

describe('why a chapter is locked', () => {
  it('believes the read answer first, then the chapter list', () => {
    const vip = new ApiError('code', 'VIP', ApiCode.VIP_REQUIRED);
    const coins = new ApiError('code', 'locked', ApiCode.CHAPTER_LOCKED);
    expect(lockReasonOf(undefined, vip)).toBe('vip');
    expect(lockReasonOf({ locked: 0, pay: 0 }, coins)).toBe('coins');
    expect(lockReasonOf({ locked: 1, pay: 2 }, null)).toBe('vip');
    expect(lockReasonOf({ locked: 1, pay: 1 }, null)).toBe('coins');
    expect(lockReasonOf({ locked: 0, pay: 2 }, null)).toBeNull();
    expect(lockReasonOf(undefined, new ApiError('transport', 'down'))).toBeNull();
  });
});
