import { describe, expect, it } from 'vitest';
import { backAction } from './back-rule';
import { nextDepth } from './history-depth';

describe('back rule', () => {
  it('goes back through history when there is a page below', () => {
    expect(backAction(1, '/pages/cartoon/details')).toEqual({ kind: 'history' });
    expect(backAction(3, '/pages/user/user')).toEqual({ kind: 'history' });
  });

  it('sends the only page home', () => {
    expect(backAction(0, '/pages/cartoon/details')).toEqual({ kind: 'replace', path: '/pages/home/home' });
    expect(backAction(0, '/pages/user/seting/seting')).toEqual({ kind: 'replace', path: '/pages/home/home' });
    expect(backAction(0, '/pages/anime/anime')).toEqual({ kind: 'replace', path: '/pages/home/home' });
  });

  it('sends a root page with a back arrow home too, so the arrow is never dead; home stays', () => {
    for (const path of ['/pages/sort/sort', '/pages/quest/quest', '/pages/book/book', '/pages/user/user']) {
      expect(backAction(0, path)).toEqual({ kind: 'replace', path: '/pages/home/home' });
    }
    expect(backAction(0, '/pages/home/home')).toEqual({ kind: 'none' });
  });
});

describe('history depth', () => {
  it('counts pushes, keeps depth on replace, and restores it on pop', () => {
    const depths: Record<string, number> = { a: 0 };
    depths.b = nextDepth(depths, 'a', 'b', 'PUSH');
    depths.c = nextDepth(depths, 'b', 'c', 'PUSH');
    depths.d = nextDepth(depths, 'c', 'd', 'REPLACE');
    expect([depths.b, depths.c, depths.d]).toEqual([1, 2, 2]);
    expect(nextDepth(depths, 'd', 'b', 'POP')).toBe(1);
    expect(nextDepth(depths, 'b', 'd', 'POP')).toBe(2);
  });

  it('treats the first page and unknown popped entries as the bottom of the stack', () => {
    expect(nextDepth({}, null, 'x', 'PUSH')).toBe(0);
    expect(nextDepth({ a: 3 }, 'a', 'zzz', 'POP')).toBe(0);
  });
});
