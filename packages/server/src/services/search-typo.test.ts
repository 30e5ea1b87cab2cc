import { describe, expect, it } from 'vitest';
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
