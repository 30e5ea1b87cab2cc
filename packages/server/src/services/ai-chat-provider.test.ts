import { describe, expect, it } from 'vitest';
import { BuiltinChatProvider } from './ai-chat-provider.js';
import { chunksOf, nameCandidates, sentences } from './ai-text.js';

const grounding = {
  title: 'The Silver Key',
  language: 'en',
  summary: 'Mira searches for a silver key.',
  chapters: [
    {
      title: 'One',
      text: 'Mira walked into the library. "I am looking for the silver key," said Mira. "Mira, go home," Tom said. Tom laughed.',
    },
  ],
};
const builtin = new BuiltinChatProvider(0);

describe('built-in provider and its text tools', () => {
  it('answers with the lines the character says, not lines said to them', () => {
    const reply = builtin.reply({
      grounding,
      character: 'Mira',
      isNarrator: false,
      history: [],
      message: 'What are you looking for?',
    });
    expect(reply).toBe('I am looking for the silver key.');
    const tom = builtin.reply({
      grounding,
      character: 'Tom',
      isNarrator: false,
      history: [],
      message: 'Hello',
    });
    expect(tom).toMatch(/^Mira, go home\./);
    expect(tom).not.toContain('looking');
    // Asked again with nothing to match, a character does not repeat the line just said.
    const history = [{ role: 'character' as const, text: 'I am looking for the silver key.' }];
    const next = builtin.reply({ grounding, character: 'Mira', isNarrator: false, history, message: 'Hmm' });
    expect(next).not.toContain('I am looking');
  });

  it('streams chunks that join to the reply, CJK in pieces of up to three characters', async () => {
    const chunks: string[] = [];
    for await (const chunk of builtin.streamReply(
      { grounding, character: 'Mira', isNarrator: true, history: [], message: 'library' },
      AbortSignal.timeout(1000),
    ))
      chunks.push(chunk);
    expect(chunks.join('')).toBe(
      builtin.reply({ grounding, character: 'Mira', isNarrator: true, history: [], message: 'library' }),
    );
    const zh = '林夏说：“今天的月亮真圆。” 她看着远方。';
    expect(chunksOf(zh).join('')).toBe(zh);
    expect(Math.max(...chunksOf(zh).map((c) => Array.from(c.trim()).length))).toBeLessThanOrEqual(3);
  });

  it('finds recurring names in CJK and Latin text and splits sentences', () => {
    const text =
      '林夏说：“走吧。”林夏笑道：“好。”陈默问：“去哪？”陈默点头。Then Tom laughed, and later Tom slept.';
    expect(
      nameCandidates(text)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['Tom', '林夏', '陈默']);
    expect(sentences('第一句。第二句！Third one. Fourth?')).toEqual([
      '第一句。',
      '第二句！',
      'Third one.',
      'Fourth?',
    ]);
  });

  it('summarises chapters by their best sentences, in order', async () => {
    const text = await builtin.summarise({ language: 'en', chapters: grounding.chapters, sentences: 2 });
    expect(text.length).toBeGreaterThan(10);
    expect(grounding.chapters[0]!.text).toContain(text.split('. ')[0]!.replace(/\.$/, ''));
  });
});
