/** How many colour pairs a generated cover picks from (generated-cover.css, `data-tone`). */
export const COVER_TONES = 4;

/**
 * The colour pair of a work's generated cover, from its title: the same title gets the same
 * colours on every screen and every visit (FNV-1a over the UTF-16 code units, cheap and stable),
 * and neighbouring titles in a grid usually differ.
 */
export function coverTone(title: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < title.length; i += 1) {
    hash ^= title.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % COVER_TONES;
}

export type TitleSize = 'large' | 'medium' | 'small';

/** CJK, kana and Hangul: each character is about a full em wide, twice a Latin letter. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60]/u;

/**
 * How large a generated cover sets its title: short titles big, like a book's, long ones smaller
 * so they wrap over a few whole lines instead of being cut (a Latin letter counts half a CJK one).
 */
export function titleSize(title: string): TitleSize {
  let width = 0;
  for (const char of title) width += WIDE.test(char) ? 1 : 0.55;
  if (width <= 6) return 'large';
  if (width <= 14) return 'medium';
  return 'small';
}
