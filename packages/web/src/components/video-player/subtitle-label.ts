/**
 * A subtitle track's name in the reader's language. The server names a track by its language
 * code ("zh", "en-US") or, when the file says no language, "Subtitles 2"; shown as they are, both
 * read as English or as codes. Codes become the language's own name in the reader's language
 * (Intl.DisplayNames: "中文", "English", "espagnol"); unnamed tracks are numbered in it.
 */
const CODE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
const UNNAMED = /^Subtitles (\d+)$/;

export function subtitleLabel(
  track: { label: string; language: string },
  locale: string,
  numbered: (n: number) => string,
): string {
  const unnamed = UNNAMED.exec(track.label);
  if (unnamed) return numbered(Number(unnamed[1]));
  if (track.label === track.language && CODE.test(track.label)) {
    try {
      return new Intl.DisplayNames([locale], { type: 'language' }).of(track.label) ?? track.label;
    } catch {
      return track.label;
    }
  }
  return track.label;
}
