/** Number helpers for the name parser: CJK numerals, leading zeros and ranges. */

const CJK_DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  兩: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const CJK_UNITS: Record<string, number> = { 十: 10, 拾: 10, 百: 100, 佰: 100, 千: 1000, 仟: 1000 };

/** `十二` → 12, `一百二十` → 120, `二〇二` → 202 (digit-by-digit when there are no units). */
export function cjkToNumber(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  const chars = [...text];
  if (chars.length === 0 || !chars.every((c) => c in CJK_DIGITS || c in CJK_UNITS)) return null;
  if (!chars.some((c) => c in CJK_UNITS)) return Number(chars.map((c) => CJK_DIGITS[c]).join(''));
  let total = 0;
  let digit = 0;
  for (const c of chars) {
    const unit = CJK_UNITS[c];
    if (unit === undefined) {
      digit = CJK_DIGITS[c] ?? 0;
    } else {
      total += (digit === 0 ? 1 : digit) * unit;
      digit = 0;
    }
  }
  return total + digit;
}

/** `003` → `3`, `06.50` → `6.5`, `0` → `0`; a trailing `b` (153b, a half chapter) → `.5`. */
export function cleanNumber(raw: string): string {
  let text = raw.trim().toLowerCase();
  let half = false;
  if (/^\d+b$/.test(text)) {
    half = true;
    text = text.slice(0, -1);
  }
  text = text.replace(/[a-z]+$/, '');
  const cjk = cjkToNumber(text);
  if (cjk !== null && !/^\d/.test(text)) return String(cjk);
  if (!/^\d+(\.\d+)?$/.test(text)) return text;
  const [int = '0', frac] = text.split('.');
  const whole = int.replace(/^0+(?=\d)/, '');
  const fraction = frac?.replace(/0+$/, '');
  if (half) return `${whole}.5`;
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * `001-006` → `1-6`. A second number smaller than the first is not a range but a part or
 * version marker (`38-1화` is part 1 of chapter 38, `Ch.252-005`), so only the first is kept.
 */
export function cleanRange(start: string, end: string | undefined): string {
  const a = cleanNumber(start);
  if (end === undefined || end === '') return a;
  const b = cleanNumber(end);
  if (Number.isNaN(Number(a)) || Number.isNaN(Number(b)) || Number(b) <= Number(a)) return a;
  return `${a}-${b}`;
}
