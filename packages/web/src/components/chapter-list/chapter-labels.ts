/**
 * Chapter buttons sit three to a row and cut long names off: a book whose chapters are all named
 * "The Long Title of This Novel – Chapter 1", "… – Chapter 2" showed a row of identical buttons.
 * A long name that shares its opening with another chapter's name loses that shared opening (cut at
 * a word or punctuation boundary, shown as "…"), so the part that tells it apart is what shows; when
 * there is no such boundary (or nothing would be left), the name gets its chapter number in front.
 * Short names and names that differ early enough are left as they are; the button keeps the full
 * name as its accessible name and tooltip.
 */

/** Width a button shows before its ellipsis, in half-width characters (a CJK character counts 2). */
export const CHAPTER_LABEL_FIT = 14;
/** A shared opening at least this wide hides the difference behind the ellipsis. */
const SHARED_HIDES = CHAPTER_LABEL_FIT - 4;
/** Shorter shared openings are not worth cutting. */
const MIN_CUT = 4;

const PUNCTUATION = /[-–—:：·|｜,，、.。_/\\()（）[\]【】《》<>「」]/;
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

function widthOf(text: string): number {
  let width = 0;
  for (const char of text) width += WIDE.test(char) ? 2 : 1;
  return width;
}

function sharedLength(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/**
 * Where to cut a shared opening of `length` characters: after its last punctuation mark (so
 * "Title – Chapter 1" keeps "Chapter 1"), else after its last space; 0 when it has neither.
 */
function cutAt(name: string, length: number): number {
  const opening = name.slice(0, length);
  for (let i = length; i > 0; i--) if (PUNCTUATION.test(opening[i - 1]!)) return i;
  return opening.lastIndexOf(' ') + 1;
}

export interface LabelledChapter {
  id: number;
  name: string;
  /** Front or back matter (cover, contents): never shortened or numbered. */
  matter?: string;
}

/**
 * The label of each chapter by id. `chapters` in reading order: the chapter number is the place
 * among the chapters (matter not counted), 1 for the first.
 */
export function chapterLabels(chapters: readonly LabelledChapter[]): Map<number, string> {
  const labels = new Map<number, string>();
  const numbered = chapters.filter((chapter) => !chapter.matter);
  // Longest opening each name shares with any other: found between neighbours in sorted order.
  const sorted = numbered
    .map((chapter, index) => ({ name: chapter.name, index }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const shared = new Array<number>(numbered.length).fill(0);
  sorted.forEach((entry, at) => {
    const before = at > 0 ? sharedLength(entry.name, sorted[at - 1]!.name) : 0;
    const after = at < sorted.length - 1 ? sharedLength(entry.name, sorted[at + 1]!.name) : 0;
    shared[entry.index] = Math.max(before, after);
  });
  for (const chapter of chapters) labels.set(chapter.id, chapter.name);
  numbered.forEach((chapter, index) => {
    const { name } = chapter;
    const length = shared[index]!;
    if (widthOf(name) <= CHAPTER_LABEL_FIT || widthOf(name.slice(0, length)) < SHARED_HIDES) return;
    const cut = cutAt(name, length);
    const rest = name.slice(cut).trim();
    if (cut >= MIN_CUT && rest !== '') labels.set(chapter.id, `…${rest}`);
    else labels.set(chapter.id, `${index + 1}. ${name}`);
  });
  return labels;
}
