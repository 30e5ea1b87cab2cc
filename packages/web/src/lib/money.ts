/**
 * Money on screen (spec §9 "price format default thousands comma"). Amounts arrive as integer fen
 * and are formatted with integer arithmetic, so 1999 is always '¥19.99' and never '¥19.990000001'.
 * The comma is fixed rather than locale-chosen: the spec fixes it and a price must read the same in
 * every language (French would otherwise use a narrow space).
 */
const SYMBOLS: Record<string, string> = {
  CNY: '¥',
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  HKD: 'HK$',
  TWD: 'NT$',
};

/** 1234567 → '1,234,567'. */
export function groupThousands(n: number): string {
  const sign = n < 0 ? '-' : '';
  return sign + String(Math.trunc(Math.abs(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The symbol for an ISO 4217 code ('CNY' → '¥'); unknown codes show as 'XYZ '. */
export function currencySymbol(currency: string): string {
  return SYMBOLS[currency.toUpperCase()] ?? `${currency} `;
}

/** 123456 fen in CNY → '¥1,234.56'; negative amounts (refunds) → '-¥1,234.56'. */
export function formatMoney(fen: number, currency: string): string {
  const abs = Math.abs(Math.round(fen));
  const yuan = groupThousands(Math.floor(abs / 100));
  const cents = String(abs % 100).padStart(2, '0');
  return `${fen < 0 ? '-' : ''}${currencySymbol(currency)}${yuan}.${cents}`;
}

/** The price of one day of a plan, rounded to the fen (what the VIP cards print as "≈ ¥0.50/day"). */
export function perDayFen(priceFen: number, days: number): number {
  return days > 0 ? Math.round(priceFen / days) : priceFen;
}

/** A coin change with its sign: 30 → '+30', -5 → '−5' (a real minus sign), 0 → '0'. */
export function signedCount(n: number): string {
  if (n > 0) return `+${groupThousands(n)}`;
  if (n < 0) return `\u2212${groupThousands(-n)}`;
  return '0';
}

/** A Unix-seconds date in the reader's language (VIP expiry, bonus expiry). */
export function localDate(unixS: number, locale: string): string {
  return new Date(unixS * 1000).toLocaleDateString(locale);
}

/** VIP time in the largest whole unit that reads naturally: 30 days, 2 hours, 45 minutes. */
export function vipSpan(seconds: number): { unit: 'days' | 'hours' | 'minutes'; count: number } {
  const abs = Math.abs(seconds);
  if (abs >= 86_400 && abs % 86_400 === 0) return { unit: 'days', count: abs / 86_400 };
  if (abs >= 3_600) return { unit: 'hours', count: Math.round(abs / 3_600) };
  return { unit: 'minutes', count: Math.max(1, Math.round(abs / 60)) };
}
