import { describe, expect, it } from 'vitest';
import { mergedFieldsSchema, pageRequestSchema } from './define.js';
import { comicBuyCall } from './money.js';
import { rowId } from './row-id.js';
import { decimalField, intField } from './wire-number.js';

const NOT_INTEGERS: unknown[] = [
  [2],
  [],
  { a: 1 },
  {},
  true,
  false,
  null,
  '',
  ' ',
  ' 2',
  '2 ',
  '+2',
  '02',
  '1e3',
  '1E3',
  '0x10',
  '0b1',
  '0o7',
  '2.5',
  '2.',
  '.5',
  'Infinity',
  '-Infinity',
  'NaN',
  '2abc',
  '１２', // full-width digits
  2.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  Number.MAX_SAFE_INTEGER + 1,
  '9007199254740993',
  '99999999999999999999',
  10n,
];

describe('intField', () => {
  const field = intField(-5, Number.MAX_SAFE_INTEGER);

  it('takes JSON integers and strings of decimal digits', () => {
    expect(field.parse(2)).toBe(2);
    expect(field.parse('2')).toBe(2);
    expect(field.parse('0')).toBe(0);
    expect(field.parse('-3')).toBe(-3);
    expect(field.parse(-3)).toBe(-3);
    expect(field.parse(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    expect(field.parse(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each(NOT_INTEGERS.map((value) => [value]))('refuses %o', (value) => {
    expect(field.safeParse(value).success).toBe(false);
  });

  it('keeps the bounds, for strings too', () => {
    const small = intField(1, 200);
    expect(small.parse('200')).toBe(200);
    expect(small.safeParse('201').success).toBe(false);
    expect(small.safeParse(0).success).toBe(false);
    expect(small.safeParse('-1').success).toBe(false);
  });

  it('leaves an absent field to .default() and .optional()', () => {
    expect(intField(1, 10).default(3).parse(undefined)).toBe(3);
    expect(intField(1, 10).optional().parse(undefined)).toBeUndefined();
    expect(intField(1, 10).default(3).safeParse(null).success).toBe(false);
    expect(intField(1, 10).default(3).safeParse('').success).toBe(false);
  });

  it('names what it got in the message', () => {
    const result = intField(1, 10).safeParse([2]);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toMatch(/expected number, received array/);
  });
});

describe('decimalField', () => {
  const field = decimalField(0, 86_400);

  it('takes JSON numbers with a fraction and decimal strings', () => {
    expect(field.parse(12.5)).toBe(12.5);
    expect(field.parse('12.5')).toBe(12.5);
    expect(field.parse('12')).toBe(12);
    expect(field.parse(0)).toBe(0);
  });

  it.each(
    [
      [2],
      { a: 1 },
      true,
      '',
      '1e3',
      '0x10',
      ' 1',
      '1.',
      '.5',
      'NaN',
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ].map((value) => [value]),
  )('refuses %o', (value) => {
    expect(field.safeParse(value).success).toBe(false);
  });

  it('keeps the bounds', () => {
    expect(field.safeParse(86_400.5).success).toBe(false);
    expect(field.safeParse('-0.5').success).toBe(false);
  });
});

describe('the call schemas use the strict fields', () => {
  it('row ids', () => {
    expect(rowId.parse('7')).toBe(7);
    for (const value of [[7], '7.0', '1e1', true, '', { id: 7 }])
      expect(rowId.safeParse(value).success).toBe(false);
    expect(rowId.safeParse(2_147_483_648).success).toBe(false);
  });

  it('paging', () => {
    expect(pageRequestSchema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(pageRequestSchema.parse({ page: '2', limit: 20 })).toEqual({ page: 2, limit: 20 });
    for (const page of [[2], '', true, '0x2', '2e0', 2.5]) {
      expect(pageRequestSchema.safeParse({ page }).success, JSON.stringify(page)).toBe(false);
    }
  });

  it('merged fields', () => {
    const base = { apikey: 'k', timestamp: 1_732_262_400_000 };
    expect(mergedFieldsSchema.parse({ ...base, user_id: 42, is_guest: 1 })).toMatchObject({
      user_id: 42,
      is_guest: 1,
    });
    expect(mergedFieldsSchema.safeParse({ ...base, is_guest: true }).success).toBe(false);
    expect(mergedFieldsSchema.safeParse({ ...base, timestamp: '1.7e12' }).success).toBe(false);
    expect(mergedFieldsSchema.safeParse({ ...base, user_id: [42] }).success).toBe(false);
  });

  it('a buy call', () => {
    const request = comicBuyCall.request;
    const key = 'key-12345678';
    expect(request.parse({ chapter_id: '2', count: 3, idempotency_key: key })).toMatchObject({
      chapter_id: 2,
      count: 3,
    });
    for (const bad of [[2], { a: 1 }, true, '', '1e3', '0x10', 2.5]) {
      expect(request.safeParse({ chapter_id: bad, idempotency_key: key }).success, JSON.stringify(bad)).toBe(
        false,
      );
      expect(request.safeParse({ chapter_id: 2, count: bad, idempotency_key: key }).success).toBe(false);
    }
  });
});
