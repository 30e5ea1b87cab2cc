/**
 * One person, however a file spells them: "Wally Wood", "Wood, Wally" and "wally  wood" are the
 * same author, within a work and across the catalogue.
 */

/** "Jr.", "III", "PhD" after a comma belong to the name; they are not a given name. */
const NAME_SUFFIX = /^(?:jr|sr|[ivx]+|phd|md|esq)\.?$/i;

/**
 * How an author is shown and stored: spacing collapsed, and a sorted "Last, First" (as catalogues
 * and calibre's author_sort write it) turned back into "First Last".
 */
export function displayAuthorName(name: string): string {
  const spaced = name.normalize('NFC').replace(/\s+/g, ' ').trim();
  const sorted = /^([^,]+),\s*([^,]+)$/.exec(spaced);
  if (!sorted) return spaced;
  const [last, first] = [sorted[1]!.trim(), sorted[2]!.trim()];
  const words = (text: string) => text.split(' ').length;
  if (NAME_SUFFIX.test(first) || words(last) > 3 || words(first) > 3) return spaced;
  return `${first} ${last}`;
}

/**
 * The identity two spellings of one author share: the display name with ASCII letters lowered and
 * spaces and dots left out ("T.S. Eliot" = "T. S. Eliot"). The catalogue compares stored names
 * with the same expression (`replace(replace(lower(name), ' ', ''), '.', '')`); only ASCII is
 * lowered so that SQLite's lower() and this agree.
 */
export function authorKey(name: string): string {
  return displayAuthorName(name)
    .replace(/[A-Z]/g, (c) => c.toLowerCase())
    .replace(/[ .]/g, '');
}

/**
 * How well a spelling shows a name: "Wally Wood" (capitals and lower case) over "WALLY WOOD"
 * over "wally wood", so a careless spelling does not become the one every work shows.
 */
export function spellingRank(name: string): number {
  const upper = name !== name.toLowerCase();
  const lower = name !== name.toUpperCase();
  return upper && lower ? 2 : upper ? 1 : 0;
}

/**
 * One credit per person and role, in first-credit order, every credit of a person under the
 * person's best spelling (spellingRank), names shown as displayAuthorName writes them.
 */
export function uniqueCredits<T extends { name: string; role: string }>(credits: T[]): T[] {
  const best = new Map<string, string>();
  for (const credit of credits) {
    const name = displayAuthorName(credit.name);
    const key = authorKey(name);
    const seen = best.get(key);
    if (seen === undefined || spellingRank(name) > spellingRank(seen)) best.set(key, name);
  }
  const out = new Map<string, T>();
  for (const credit of credits) {
    const key = authorKey(displayAuthorName(credit.name));
    const name = best.get(key)!;
    if (name.length > 0 && !out.has(`${key}\u0000${credit.role}`)) {
      out.set(`${key}\u0000${credit.role}`, { ...credit, name });
    }
  }
  return [...out.values()];
}
