import { describe, expect, it } from 'vitest';
import { formatXPointer, parseXPointer, plainOffsetOf, xpointerOf } from './xpointer.js';

const body = [
  '<h2>Chapter 3</h2>',
  '<p>It was a bright cold day in April.</p>',
  '<div><p>The clocks were striking thirteen.</p><p>Winston Smith slipped quickly through the glass doors.</p></div>',
  '<p>The hallway smelt of boiled cabbage.</p>',
].join('\n');
const plain =
  'It was a bright cold day in April.\n\nThe clocks were striking thirteen.\n\nWinston Smith slipped quickly through the glass doors.\n\nThe hallway smelt of boiled cabbage.';

describe('crengine xpointers', () => {
  it('reads the shape KOReader writes, with and without indexes and text steps', () => {
    expect(parseXPointer('/body/DocFragment[20]/body/p[22]/text().0')).toEqual({
      fragment: 20,
      steps: [{ name: 'p', index: 22 }],
      text: 1,
      offset: 0,
    });
    expect(parseXPointer('/body/DocFragment[3]/body/div/p[2]/text()[2].14')).toMatchObject({
      fragment: 3,
      steps: [
        { name: 'div', index: 1 },
        { name: 'p', index: 2 },
      ],
      text: 2,
      offset: 14,
    });
    expect(parseXPointer('/body/DocFragment[7]')).toMatchObject({ fragment: 7, steps: [], text: null });
    expect(parseXPointer('12')).toBeNull();
    expect(parseXPointer('/body/DocFragment[0]/body/p')).toBeNull();
    expect(parseXPointer('/body/DocFragment[2]/body/p[x]')).toBeNull();
  });

  it('writes an index only where a name repeats among siblings, as crengine does', () => {
    expect(
      formatXPointer({
        fragment: 4,
        steps: [
          { name: 'div', index: 1 },
          { name: 'p', index: 1, several: true },
        ],
        text: 1,
        offset: 0,
      }),
    ).toBe('/body/DocFragment[4]/body/div/p[1]/text().0');
  });

  it('finds the plain-text offset of a paragraph and a place inside it', () => {
    const winston = plain.indexOf('Winston');
    expect(plainOffsetOf(parseXPointer('/body/DocFragment[3]/body/div/p[2]/text().0')!, body, plain)).toBe(
      winston,
    );
    const glass = plain.indexOf('glass');
    const inside = 'Winston Smith slipped quickly through the '.length;
    expect(
      plainOffsetOf(parseXPointer(`/body/DocFragment[3]/body/div/p[2]/text().${inside}`)!, body, plain),
    ).toBe(glass);
    // A step the markup does not have stops at the deepest element found.
    expect(plainOffsetOf(parseXPointer('/body/DocFragment[3]/body/div/p[5]/text().0')!, body, plain)).toBe(
      plain.indexOf('The clocks'),
    );
  });

  it('points at the paragraph that holds an offset, and comes back to it', () => {
    const pointer = xpointerOf(3, body, plain, plain.indexOf('slipped'));
    expect(pointer).toBe('/body/DocFragment[3]/body/div/p[2]/text().0');
    expect(plainOffsetOf(parseXPointer(pointer)!, body, plain)).toBe(plain.indexOf('Winston'));
    expect(xpointerOf(3, body, plain, 0)).toBe('/body/DocFragment[3]/body/p[1]/text().0');
    expect(xpointerOf(3, body, plain, plain.length)).toBe('/body/DocFragment[3]/body/p[2]/text().0');
  });

  it('tells repeated words apart by where they fall in the chapter', () => {
    const repeated = '<p>Again.</p><p>Middle words here.</p><p>Again.</p>';
    const text = 'Again.\nMiddle words here.\nAgain.';
    expect(xpointerOf(1, repeated, text, text.lastIndexOf('Again'))).toBe(
      '/body/DocFragment[1]/body/p[3]/text().0',
    );
    expect(plainOffsetOf(parseXPointer('/body/DocFragment[1]/body/p[3]/text().0')!, repeated, text)).toBe(
      text.lastIndexOf('Again'),
    );
  });
});
