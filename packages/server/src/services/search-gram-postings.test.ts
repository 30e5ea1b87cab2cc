import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePoints, GramPostings, intersect, isWhitespace, lowerBound } from './search-gram-postings.js';
import { MemorySearchIndex } from './search-memory.js';

const ALPHABET = ['海', '贼', 'a', 'b', '7', '𠀀', ' ', '\n', '\u3000'];
/** Documents whose title is their whole body, ids 1, 2, … */
const titleDocuments = (texts: string[]) =>
  texts.map((text, i) => ({
    work_id: i + 1,
    type: 0,
    title_text: text,
    people_text: '',
    body: text,
    views: 0,
  }));
const body = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 12 }).map((chars) => chars.join(''));

describe('gram postings', () => {
  it('lists, for every character and pair, at least the documents whose body holds it', () => {
    fc.assert(
      fc.property(
        fc.array(body, { maxLength: 20 }),
        fc.constantFrom(...ALPHABET),
        fc.constantFrom(...ALPHABET),
        (bodies, a, b) => {
          const postings = GramPostings.of(bodies);
          const holding = (gram: string) => bodies.flatMap((text, i) => (text.includes(gram) ? [i] : []));
          const [first] = codePoints(a);
          const [second] = codePoints(b);
          const char = [...postings.charCandidates(first!)];
          const pair = [...postings.pairCandidates(first!, second!)];
          for (const list of [char, pair]) expect(list).toEqual([...new Set(list)].sort((x, y) => x - y));
          if (!isWhitespace(first!)) expect(char).toEqual(expect.arrayContaining(holding(a)));
          if (!isWhitespace(first!) && !isWhitespace(second!))
            expect(pair).toEqual(expect.arrayContaining(holding(a + b)));
        },
      ),
      { numRuns: 300, seed: 7 },
    );
  });

  it('keeps no gram that holds whitespace, and reads a character outside the BMP as one', () => {
    const postings = GramPostings.of(['海 贼', '𠀀海']);
    // Two documents hold four grams (海, 贼, 𠀀, 𠀀海): five postings, and none for the space.
    expect(postings.bytes).toBe(5 * 4 + ((1 << 12) + 1) * 4);
    expect([...postings.pairCandidates(0x20000, 0x6d77)]).toEqual([1]);
    expect([...postings.charCandidates(0x20000)]).toEqual([1]);
    expect([...postings.charCandidates(0x6d77)]).toEqual([0, 1]);
  });

  it('builds the same postings in slices as at once', async () => {
    const docs = titleDocuments(['海贼王 航海', '航海日志', 'abc']);
    const sliced = await MemorySearchIndex.build(docs);
    expect(sliced.postingBytes).toBe(new MemorySearchIndex(docs).postingBytes);
    expect(sliced.search(['航海'], '航海', -1, 0, 10).ids).toEqual([2, 1]);
  });

  it('matches JavaScript’s \\s for whitespace', () => {
    const differing: string[] = [];
    for (let cp = 0; cp < 0x10000; cp += 1)
      if (isWhitespace(cp) !== /\s/u.test(String.fromCodePoint(cp))) differing.push(`U+${cp.toString(16)}`);
    expect(differing).toEqual([]);
  });
});

describe('list walking', () => {
  const sorted = fc
    .uniqueArray(fc.integer({ min: 0, max: 200 }), { maxLength: 60 })
    .map((values) => Int32Array.from(values.sort((a, b) => a - b)));

  it('intersects two ascending lists', () => {
    fc.assert(
      fc.property(sorted, sorted, (a, b) => {
        expect([...intersect(a, b)]).toEqual([...a].filter((value) => b.includes(value)));
      }),
    );
  });

  it('finds the first value at least the one asked, from any start', () => {
    fc.assert(
      fc.property(sorted, fc.integer({ min: -1, max: 202 }), fc.nat(70), (list, value, from) => {
        const start = Math.min(from, list.length);
        let expected = start;
        while (expected < list.length && list[expected]! < value) expected += 1;
        expect(lowerBound(list, value, start)).toBe(expected);
      }),
    );
  });
});

describe('memory search terms', () => {
  const docs = titleDocuments(['海贼王 航海', '航海日志', '海', 'abc 海贼', 'ab\u3000c']);
  const index = new MemorySearchIndex(docs);

  it('finds a long term only where it is whole, not where its pairs are apart', () => {
    // 海贼王 needs 海贼 and 贼王 side by side: only the first document.
    expect(index.search(['海贼王'], '海贼王', -1, 0, 10).ids).toEqual([1]);
    expect(index.search(['abc'], 'abc', -1, 0, 10).ids).toEqual([4]);
    expect(index.search(['航海日'], '航海日', -1, 0, 10).ids).toEqual([2]);
  });

  it('answers a term that holds whitespace or a lone surrogate by reading the bodies', () => {
    expect(index.holds('b\u3000c')).toBe(true);
    expect(index.holds('\ud840')).toBe(false);
  });
});
