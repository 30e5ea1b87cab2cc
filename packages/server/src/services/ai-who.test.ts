import { describe, expect, it } from 'vitest';
import { whoPassages } from './ai-who.js';

const texts = (chapters: { title: string; text: string }[], name: string) =>
  whoPassages(chapters, name).map((passage) => passage.text);

describe('"who is" passages without a model', () => {
  it('keeps the first appearances and the sentences that describe the name, in reading order', () => {
    const chapter = {
      title: 'One',
      text: [
        'Ana entró.',
        'Ana miró la puerta.',
        'Ana abrió la ventana.',
        'Ana cerró los ojos.',
        'Ana bebió agua.',
        'Ana es la hija del capitán y sabe leer las estrellas.',
        'Ana saltó.',
      ].join(' '),
    };
    const picked = texts([chapter], 'Ana');
    expect(picked.slice(0, 2)).toEqual(['Ana entró.', 'Ana miró la puerta.']);
    expect(picked).toContain('Ana es la hija del capitán y sabe leer las estrellas.');
    expect(picked).toHaveLength(5);
  });

  it('matches whole words in Latin text, any case when typed in lower case, and runs in Chinese', () => {
    const chapters = [
      { title: 'Un', text: 'Léa, une jeune peintre, arrive à Paris. Léandre dort.' },
      { title: '第一章', text: '王小明是村里最会读书的孩子。大家都叫他小明。' },
    ];
    expect(texts(chapters, 'léa')).toEqual(['Léa, une jeune peintre, arrive à Paris.']);
    expect(texts(chapters, 'Léandre')).toEqual(['Léandre dort.']);
    expect(texts(chapters, '王小明')).toEqual(['王小明是村里最会读书的孩子。']);
    expect(texts(chapters, 'Zoé')).toEqual([]);
  });

  it('skips chapters whose only text is their title', () => {
    expect(whoPassages([{ title: 'Mira 1', text: 'Mira 1' }], 'Mira')).toEqual([]);
  });
});
