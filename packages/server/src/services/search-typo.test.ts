import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allowedEdits, editDistance, Vocabulary } from './search-typo.js';

describe('allowedEdits', () => {
  it('allows no typo under 4 letters, one for 4–7 letters, two beyond', () => {
    expect([1, 3, 4, 7, 8, 15].map(allowedEdits)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe('editDistance (Damerau–Levenshtein, optimal string alignment)', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbours as one edit each', () => {
    expect(editDistance('lantern', 'lantern', 2)).toBe(0);
    expect(editDistance('lanturn', 'lantern', 2)).toBe(1);
    expect(editDistance('captian', 'captain', 2)).toBe(1);
    expect(editDistance('sceince', 'science', 2)).toBe(1);
    expect(editDistance('draculla', 'dracula', 2)).toBe(1);
    expect(editDistance('dracla', 'dracula', 2)).toBe(1);
    expect(editDistance('frankenstien', 'frankenstein', 2)).toBe(1);
    expect(editDistance('expectatons', 'expectations', 2)).toBe(1);
    expect(editDistance('abcd', 'badc', 3)).toBe(2);
  });

  it('stops at the allowance plus one', () => {
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('cat', 'elephant', 2)).toBe(3);
  });

  it('with prefix, measures against the closest beginning of the word', () => {
    expect(editDistance('scei', 'science', 1, true)).toBe(1);
    expect(editDistance('scie', 'science', 1, true)).toBe(0);
    expect(editDistance('xyzw', 'science', 1, true)).toBe(2);
  });
});

describe('Vocabulary.nearest', () => {
  const vocabulary = new Vocabulary([
    'captain science\nthe paper lantern',
    'captain starlight',
    'lantern festival nights',
    'the time machine',
    'moby dick',
  ]);

  it('corrects within the allowance and not beyond', () => {
    expect(vocabulary.nearest('captian', false)).toBe('captain');
    expect(vocabulary.nearest('lanturn', false)).toBe('lantern');
    expect(vocabulary.nearest('lnaturn', false)).toBeNull(); // two edits in a 7-letter word
    expect(vocabulary.nearest('mob', false)).toBeNull(); // under 4 letters: no typo allowed
  });

  it('prefers a swap of neighbours among words as near, then the commoner word', () => {
    expect(vocabulary.nearest('tiem', false)).toBe('time');
    // "lantern" is in two documents, a made-up "lantery" in none: the commoner wins a tie.
    const more = new Vocabulary(['lantern', 'lantern', 'lanterns']);
    expect(more.nearest('lanterm', false)).toBe('lantern');
  });

  it('reads the word being typed as the start of a longer one', () => {
    expect(vocabulary.nearest('scei', true)).toBe('science');
    expect(vocabulary.nearest('scei', false)).toBeNull();
  });
});

/** The plain scan `nearest` must agree with: every word compared with editDistance, ranked alike. */
function nearestByScan(texts: string[], word: string, typing: boolean): string | null {
  const counts = new Map<string, number>();
  for (const text of texts)
    for (const w of new Set(text.split(/[^a-z]+/).filter((x) => x.length >= 3)))
      counts.set(w, (counts.get(w) ?? 0) + 1);
  const max = allowedEdits(word.length);
  if (max === 0) return null;
  const sorted = (w: string) => [...w].sort().join('');
  let best: { word: string; rank: number[] } | null = null;
  for (const [candidate, count] of counts) {
    if (candidate === word) continue;
    const whole = editDistance(word, candidate, max);
    const start = typing && whole > 0 ? editDistance(word, candidate, max, true) : whole;
    const distance = Math.min(whole, start);
    if (distance > max) continue;
    const same = candidate.length === word.length && sorted(candidate) === sorted(word);
    const rank = [distance, whole === distance ? 0 : 1, same ? 0 : 1, -count];
    const less = best && rank.findIndex((v, i) => v !== best!.rank[i]);
    const better =
      !best || (less !== -1 && rank[less!]! < best.rank[less!]!) || (less === -1 && candidate < best.word);
    if (better) best = { word: candidate, rank };
  }
  return best?.word ?? null;
}

describe('Vocabulary.nearest against a plain scan', () => {
  const letters = fc.constantFrom('a', 'b', 'c', 'h', 'i', 'n');
  const words = fc.array(fc.string({ unit: letters, minLength: 3, maxLength: 11 }), {
    minLength: 1,
    maxLength: 60,
  });
  it('finds the same word for any vocabulary and query, typing or not', () => {
    fc.assert(
      fc.property(
        fc.array(
          words.map((ws) => ws.join(' ')),
          { minLength: 1, maxLength: 6 },
        ),
        fc.string({ unit: letters, minLength: 1, maxLength: 12 }),
        fc.boolean(),
        (texts, query, typing) => {
          expect(new Vocabulary(texts).nearest(query, typing)).toBe(nearestByScan(texts, query, typing));
        },
      ),
      { numRuns: 3_000 },
    );
  });
});
