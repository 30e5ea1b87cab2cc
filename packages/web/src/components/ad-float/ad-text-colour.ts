/**
 * The ad text's colour is the operator's (adtext_color) and the card under it is the theme's: white
 * text on the light theme's white card, or dark text on the dark card, could not be read. The text
 * keeps its colour and sits on a small backing of black or white, whichever contrasts with it more,
 * so it reads on any card in either theme.
 */

export interface AdTextColours {
  color: string;
  background: string;
}

/** Backings: near-black and white (opaque, so the contrast does not depend on the card). */
export const AD_TEXT_DARK_BACKING = '#111111';
export const AD_TEXT_LIGHT_BACKING = '#ffffff';

/** [r, g, b] 0–255 of #rgb, #rrggbb, #rrggbbaa or rgb()/rgba(); null for anything else. */
export function parseColour(value: string): [number, number, number] | null {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!.slice(0, 6);
    return [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16)) as [number, number, number];
  }
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})\s*(?:[,/]\s*[\d.]+%?\s*)?\)$/.exec(text);
  if (rgb) {
    const channels = [rgb[1], rgb[2], rgb[3]].map(Number);
    return channels.every((c) => c <= 255) ? (channels as [number, number, number]) : null;
  }
  return null;
}

/** WCAG relative luminance of an sRGB colour. */
export function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: [number, number, number], b: [number, number, number]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The text colour and its backing; null when the colour is not one we can read (the theme's text then). */
export function adTextColours(color: string): AdTextColours | null {
  const rgb = parseColour(color);
  if (!rgb) return null;
  const onDark = contrastRatio(rgb, parseColour(AD_TEXT_DARK_BACKING)!);
  const onLight = contrastRatio(rgb, parseColour(AD_TEXT_LIGHT_BACKING)!);
  return { color, background: onDark >= onLight ? AD_TEXT_DARK_BACKING : AD_TEXT_LIGHT_BACKING };
}
