import { describe, expect, it } from 'vitest';
import { authorName, checkDraft } from './comment-text';

describe('comment drafts (spec §5)', () => {
  it('needs text or a picture and refuses 2 characters or fewer', () => {
    expect(checkDraft('', 0)).toBe('empty');
    expect(checkDraft('   ', 0)).toBe('empty');
    expect(checkDraft('', 1)).toBe('ok');
    expect(checkDraft('ab', 0)).toBe('tooShort');
    expect(checkDraft('ab', 2)).toBe('tooShort');
    expect(checkDraft('😀😀', 0)).toBe('tooShort');
    expect(checkDraft('abc', 0)).toBe('ok');
  });

  it('prefers unichen, then nichen, then anonymous', () => {
    expect(authorName({ unichen: 'U', nichen: 'N' }, 'A')).toBe('U');
    expect(authorName({ unichen: '', nichen: 'N' }, 'A')).toBe('N');
    expect(authorName({ unichen: '', nichen: '' }, 'A')).toBe('A');
  });
});
