/**
 * What an EPUB's package says about its work (series, summary, credits, subjects, language,
 * direction), onto a file's metadata. Shared by the novel and the picture-book (comic) import.
 */
import type { EpubBook } from '@dm51/library';
import type { AuthorCredit, FileMeta } from './import-types.js';
import { cleanSeriesName } from './work-naming.js';

/**
 * Fills `meta` from `book`. `roles` maps MARC relator codes to the work's credit roles (a code
 * not listed is not a credit); a creator with no role gets `unnamedRole`.
 */
export function withEpubMetadata(
  meta: FileMeta,
  book: EpubBook,
  roles: Record<string, string>,
  unnamedRole: string,
): FileMeta {
  const m = book.metadata;
  meta.series = m.series?.name ? cleanSeriesName(m.series.name) : null;
  meta.summary = m.description;
  meta.authors = m.creators.flatMap((c): AuthorCredit[] => {
    const role = c.role === null ? unnamedRole : roles[c.role];
    return role ? [{ name: c.name, role }] : [];
  });
  meta.genres = m.subjects
    .flatMap((s) => s.split(/\s*(?:--|;|,)\s*/))
    .filter((s) => s.length > 0 && s.length <= 40);
  meta.language = m.language;
  meta.rtl = book.direction === 'rtl';
  return meta;
}
