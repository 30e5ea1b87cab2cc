import { describe, expect, it } from 'vitest';
import { maskWords } from '../services/moderation.service.js';
import { checkCommentText } from '../services/comment.service.js';
import { canBlock, canDeleteComment, canSeeComment } from './comment.policy.js';

describe('comment policies', () => {
  it('lets only the author delete, and nobody act as user 0', () => {
    expect(canDeleteComment({ userId: 5 }, { user_id: 5 })).toBe(true);
    expect(canDeleteComment({ userId: 6 }, { user_id: 5 })).toBe(false);
    expect(canDeleteComment({ userId: 0 }, { user_id: 0 })).toBe(false);
  });

  it('shows pending comments to their author only and rejected ones to nobody else', () => {
    expect(canSeeComment({ userId: 1 }, { user_id: 2, status: 1 })).toBe(true);
    expect(canSeeComment({ userId: 1 }, { user_id: 2, status: 0 })).toBe(false);
    expect(canSeeComment({ userId: 2 }, { user_id: 2, status: 0 })).toBe(true);
    expect(canSeeComment({ userId: 1 }, { user_id: 2, status: 2 })).toBe(false);
  });

  it('refuses blocking oneself', () => {
    expect(canBlock({ userId: 3 }, 3)).toBe(false);
    expect(canBlock({ userId: 3 }, 4)).toBe(true);
  });
});

describe('comment text rules (spec §5) and the word filter', () => {
  it('counts characters, not bytes, and allows a picture without text', () => {
    expect(() => checkCommentText('ab', 0)).toThrow('comment too short!');
    expect(() => checkCommentText('', 0)).toThrow('comment too short!');
    expect(() => checkCommentText('', 1)).not.toThrow();
    expect(() => checkCommentText('好看啊', 0)).not.toThrow();
    expect(() => checkCommentText('好'.repeat(241), 0)).toThrow(/too long/);
  });

  it('masks listed words case-insensitively, whatever characters they contain', () => {
    expect(maskWords('Shit happens', ['shit'])).toBe('**** happens');
    expect(maskWords('a.b a+b', ['a.b'])).toBe('*** a+b');
    expect(maskWords('你是傻逼吗', ['傻逼'])).toBe('你是**吗');
    expect(maskWords('unchanged', [])).toBe('unchanged');
  });
});
