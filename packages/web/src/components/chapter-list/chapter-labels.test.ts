import { describe, expect, it } from 'vitest';
import { chapterLabels, type LabelledChapter } from './chapter-labels';

const list = (names: string[], matter: Record<number, string> = {}): LabelledChapter[] =>
  names.map((name, index) => ({ id: index + 1, name, matter: matter[index] ?? '' }));
const labelsOf = (chapters: LabelledChapter[]) =>
  chapters.map((chapter) => chapterLabels(chapters).get(chapter.id));

describe('chapter labels', () => {
  it('drops the opening long names share, at a boundary, so the buttons differ', () => {
    const labels = labelsOf(
      list([
        'The Long Title of This Novel – Chapter 1',
        'The Long Title of This Novel – Chapter 2',
        'The Long Title of This Novel – Epilogue',
      ]),
    );
    expect(labels).toEqual(['…Chapter 1', '…Chapter 2', '…Epilogue']);
    expect(new Set(labels).size).toBe(3);
  });

  it('numbers names that share a long opening with no boundary to cut at', () => {
    const labels = labelsOf(list(['某某某某小说的第一个章节', '某某某某小说的第二个章节']));
    expect(labels).toEqual(['1. 某某某某小说的第一个章节', '2. 某某某某小说的第二个章节']);
  });

  it('cuts Chinese names at their punctuation', () => {
    expect(labelsOf(list(['一部很长的小说名字：第一章', '一部很长的小说名字：第二章']))).toEqual([
      '…第一章',
      '…第二章',
    ]);
  });

  it('leaves short names, and long names that differ early, as they are', () => {
    expect(labelsOf(list(['Chapter 1', 'Chapter 2', 'Chapter 10']))).toEqual([
      'Chapter 1',
      'Chapter 2',
      'Chapter 10',
    ]);
    const different = ['Chapter 1: The journey begins at dawn', 'Chapter 2: A storm over the hills'];
    expect(labelsOf(list(different))).toEqual(different);
  });

  it('never touches front or back matter, and numbers chapters without it', () => {
    const chapters = list(['Cover', 'A Rather Long Book Name Part One', 'A Rather Long Book Name Part Two'], {
      0: 'front',
    });
    expect(labelsOf(chapters)).toEqual(['Cover', '…One', '…Two']);
  });
});
