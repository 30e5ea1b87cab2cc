import { describe, expect, it } from 'vitest';
import { comicFiles, novelFiles } from './chapter-files';

describe('a chapter download', () => {
  it('stores a comic page by page, at the URLs the reader loads', () => {
    const files = comicFiles({
      pages: [{ url: 'http://h.test/media/a_xfile.webp' }, { url: 'http://h.test/media/b_xfile.webp' }],
    });
    expect(files).toEqual(['http://h.test/media/a_xfile.webp', 'http://h.test/media/b_xfile.webp']);
  });

  it("stores a novel chapter's images once each, and no inline data", () => {
    const html =
      '<p>One</p><img alt="map" src="http://h.test/media/map.png"><p>Two</p>' +
      '<img src=\'http://h.test/media/map.png\'><img src="data:image/png;base64,AAA"><img class=x src="http://h.test/media/b.jpg?v=1&amp;w=2">';
    expect(novelFiles({ html })).toEqual([
      'http://h.test/media/map.png',
      'http://h.test/media/b.jpg?v=1&w=2',
    ]);
  });
});
