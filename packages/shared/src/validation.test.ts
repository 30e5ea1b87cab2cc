import { describe, expect, it } from 'vitest';
import {
  inRange,
  isAmount,
  isCaptchaCode,
  isChinese,
  isDigitCode,
  isEmail,
  isIdCard,
  isImagePath,
  isLicencePlate,
  isMainlandMobile,
  isNumber,
  isUrl,
  isValidNickname,
  isValidPassword,
  isVideoPath,
  parseAccount,
  sanitizeDigits,
} from './validation.js';

describe('spec §5 helpers', () => {
  it('mainland mobile: 11 digits starting with 1', () => {
    expect(isMainlandMobile('13800138000')).toBe(true);
    expect(isMainlandMobile('23800138000')).toBe(false);
    expect(isMainlandMobile('1380013800')).toBe(false);
    expect(isMainlandMobile('138001380001')).toBe(false);
  });

  it('e-mail', () => {
    expect(isEmail('reader@example.com')).toBe(true);
    expect(isEmail('a.b+c@sub.example.co')).toBe(true);
    for (const bad of [
      'reader',
      'reader@',
      '@example.com',
      'a b@example.com',
      'a@example',
      `${'x'.repeat(250)}@e.co`,
    ]) {
      expect(isEmail(bad), bad).toBe(false);
    }
  });

  it('digit codes: 6 by default, captcha 4', () => {
    expect(isDigitCode('012345')).toBe(true);
    expect(isDigitCode('01234')).toBe(false);
    expect(isDigitCode('01234a')).toBe(false);
    expect(isCaptchaCode('0123')).toBe(true);
    expect(isCaptchaCode('01234')).toBe(false);
  });

  it('code input keeps digits only (dots stripped), cut to length', () => {
    expect(sanitizeDigits('12.34.56')).toBe('123456');
    expect(sanitizeDigits(' 1 2 3 4 5 6 7 ')).toBe('123456');
    expect(sanitizeDigits('abc')).toBe('');
  });

  it('the other generic helpers', () => {
    expect(isNumber('-12.5')).toBe(true);
    expect(isAmount('12.50')).toBe(true);
    expect(isAmount('12.505')).toBe(false);
    expect(isAmount('012')).toBe(false);
    expect(isIdCard('11010519491231002X')).toBe(true);
    expect(isIdCard('1101051949123100')).toBe(false);
    expect(isLicencePlate('京A12345')).toBe(true);
    expect(isLicencePlate('京A1234')).toBe(false);
    expect(isChinese('漫画')).toBe(true);
    expect(isChinese('漫画a')).toBe(false);
    expect(isUrl('https://example.com/a?b=1')).toBe(true);
    expect(isUrl('javascript:alert(1)')).toBe(false);
    expect(isImagePath('/a/b_xfile.jpg?x=1')).toBe(true);
    expect(isVideoPath('/a/b.mp4')).toBe(true);
    expect(inRange(5, 1, 10)).toBe(true);
    expect(inRange(Number.NaN, 1, 10)).toBe(false);
  });

  it('passwords and nicknames', () => {
    expect(isValidPassword('secret')).toBe(true);
    expect(isValidPassword('12345')).toBe(false);
    expect(isValidPassword(' secret')).toBe(false);
    expect(isValidPassword('x'.repeat(33))).toBe(false);
    expect(isValidNickname('  Night Owl ')).toBe(true);
    expect(isValidNickname('   ')).toBe(false);
    expect(isValidNickname('夜'.repeat(20))).toBe(true);
    expect(isValidNickname('夜'.repeat(21))).toBe(false);
  });

  it('parses a login name as a phone or an e-mail address', () => {
    expect(parseAccount(' 138-0013-8000 ')).toEqual({ kind: 'tel', value: '13800138000' });
    expect(parseAccount('+8613800138000')).toEqual({ kind: 'tel', value: '13800138000' });
    expect(parseAccount(' Reader@Example.COM ')).toEqual({ kind: 'email', value: 'reader@example.com' });
    expect(parseAccount('reader')).toBeNull();
    expect(parseAccount('12345')).toBeNull();
  });
});
