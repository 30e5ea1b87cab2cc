import { describe, expect, it } from 'vitest';
import { htmlOpensWithTitle } from './chapter-title';

describe('htmlOpensWithTitle', () => {
  it('sees a leading heading that names the chapter', () => {
    expect(htmlOpensWithTitle('<h1>第一章</h1><p>老人笑了笑。</p>', '第一章')).toBe(true);
    expect(
      htmlOpensWithTitle('\n<section><h2 class="t"><span>Chapter&nbsp;1</span></h2><p>x</p>', 'chapter 1'),
    ).toBe(true);
  });

  it('keeps the reader title when the text starts otherwise or names something else', () => {
    expect(htmlOpensWithTitle('<p>老人笑了笑。</p><h1>第一章</h1>', '第一章')).toBe(false);
    expect(htmlOpensWithTitle('<h1>Part One</h1><p>x</p>', 'Chapter 1')).toBe(false);
    expect(htmlOpensWithTitle('', 'Chapter 1')).toBe(false);
  });
});
