/**
 * The generic validation helpers of spec §5, shared by the server (zod schemas of the account
 * calls) and the web app (form checks before a call is made), so both sides refuse the same input.
 */
import { CAPTCHA, CODE_INPUT_LENGTH } from './limits.js';

/** A pragmatic e-mail shape: something@host.tld, no spaces, at most 254 characters (RFC 5321). */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** Mainland China mobile numbers: 11 digits starting with 1 (spec §5). */
const MAINLAND_MOBILE = /^1\d{10}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
/** An amount of money with at most two decimals (spec §5). */
const AMOUNT = /^(0|[1-9]\d*)(\.\d{1,2})?$/;
/** Mainland resident identity card: 18 characters, the last may be X (or the older 15-digit form). */
const ID_CARD = /^(\d{15}|\d{17}[\dXx])$/;
/** Mainland licence plates, including the 8-character new-energy plates. */
const LICENCE_PLATE =
  /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领][A-Z][A-HJ-NP-Z0-9]{4,5}[A-HJ-NP-Z0-9挂学警港澳]$/;
const CHINESE = /^[\u4e00-\u9fa5]+$/;
const URL_LIKE = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;
const IMAGE_EXT = /\.(jpe?g|png|gif|webp|bmp|avif)$/i;
const VIDEO_EXT = /\.(mp4|mkv|webm|mov|avi|m3u8|flv)$/i;

export const PASSWORD_LIMITS = { min: 6, max: 32 } as const;
export const NICKNAME_MAX_LENGTH = 20;
export const EMAIL_MAX_LENGTH = 254;

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL.test(value);
}

export function isMainlandMobile(value: string): boolean {
  return MAINLAND_MOBILE.test(value);
}

export function isNumber(value: string): boolean {
  return NUMBER.test(value);
}

export function isAmount(value: string): boolean {
  return AMOUNT.test(value);
}

/** Exactly `length` digits (the verification code input, spec §5: 6 by default). */
export function isDigitCode(value: string, length: number = CODE_INPUT_LENGTH): boolean {
  return value.length === length && /^\d+$/.test(value);
}

/** The captcha of the '安全认证' popup: exactly 4 digits (spec §5). */
export function isCaptchaCode(value: string): boolean {
  return isDigitCode(value, CAPTCHA.length);
}

export function isIdCard(value: string): boolean {
  return ID_CARD.test(value);
}

export function isLicencePlate(value: string): boolean {
  return LICENCE_PLATE.test(value);
}

export function isChinese(value: string): boolean {
  return CHINESE.test(value);
}

export function isUrl(value: string): boolean {
  return URL_LIKE.test(value);
}

export function isImagePath(value: string): boolean {
  return IMAGE_EXT.test(value.split('?')[0] ?? '');
}

export function isVideoPath(value: string): boolean {
  return VIDEO_EXT.test(value.split('?')[0] ?? '');
}

export function inRange(value: number, min: number, max: number): boolean {
  return Number.isFinite(value) && value >= min && value <= max;
}

/**
 * What the code input keeps of typed or pasted text (spec §5: numeric only, dots stripped), cut to
 * the input's length.
 */
export function sanitizeDigits(value: string, length: number = CODE_INPUT_LENGTH): string {
  return value.replace(/\D/g, '').slice(0, length);
}

export function isValidPassword(value: string): boolean {
  return value.length >= PASSWORD_LIMITS.min && value.length <= PASSWORD_LIMITS.max && value.trim() === value;
}

/** Nicknames: 1–20 characters after trimming, no control characters. */
export function isValidNickname(value: string): boolean {
  const trimmed = value.trim();
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  const control = /[\u0000-\u001f\u007f]/;
  return trimmed.length >= 1 && [...trimmed].length <= NICKNAME_MAX_LENGTH && !control.test(trimmed);
}

export type AccountKind = 'tel' | 'email';

/**
 * A login name as typed: a mainland mobile number or an e-mail address (normalised: trimmed,
 * e-mail lowercased, spaces and dashes inside phone numbers removed). Null when it is neither.
 */
export function parseAccount(raw: string): { kind: AccountKind; value: string } | null {
  const trimmed = raw.trim();
  const phone = trimmed.replace(/[\s-]/g, '').replace(/^\+?86(?=1\d{10}$)/, '');
  if (isMainlandMobile(phone)) return { kind: 'tel', value: phone };
  const email = trimmed.toLowerCase();
  if (isEmail(email)) return { kind: 'email', value: email };
  return null;
}
