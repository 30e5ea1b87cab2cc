import { describe, expect, it } from 'vitest';
import { chatAvailability, passagesByChapter } from './chat-availability';

describe('chat availability', () => {
  it('offers chat only once the server said a model is connected', () => {
    expect(chatAvailability(undefined)).toBe('unknown');
    expect(chatAvailability({ chat_available: 0 })).toBe('unavailable');
    expect(chatAvailability({ chat_available: 1 })).toBe('available');
  });
});

describe('quoted passages', () => {
  it('groups consecutive passages under the chapter they come from, in order', () => {
    expect(
      passagesByChapter([
        { chapter: 'Chapter 1', text: 'A.' },
        { chapter: 'Chapter 1', text: 'B.' },
        { chapter: 'Chapter 2', text: 'C.' },
      ]),
    ).toEqual([
      { chapter: 'Chapter 1', texts: ['A.', 'B.'] },
      { chapter: 'Chapter 2', texts: ['C.'] },
    ]);
    expect(passagesByChapter([])).toEqual([]);
  });
});
