import { z } from 'zod';

/**
 * Number fields of a request. Clients send JSON numbers, and some send the same number as a string
 * of decimal digits (form-style values), so both are accepted. Nothing else is read as a number:
 * z.coerce.number() would turn `[2]`, `true`, `""`, `"1e3"`, `"0x10"` or `" 2 "` into a number;
 * here they stay what they are and the number schema refuses them (PARAMS_INVALID, field named).
 */
const INTEGER_TEXT = /^-?(0|[1-9][0-9]*)$/;
const DECIMAL_TEXT = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** Reads a string of digits as the number it spells; any other value is passed on unchanged. */
function fromDigits(pattern: RegExp) {
  return (value: unknown): unknown =>
    typeof value === 'string' && pattern.test(value) ? Number(value) : value;
}

/**
 * An integer request field in [min, max]: a JSON integer or a string of decimal digits (no sign
 * but '-', no leading zeros, no fraction, exponent, hex or spaces). Always within the safe
 * integer range, which zod's int() enforces.
 */
export function intField(min: number, max: number = Number.MAX_SAFE_INTEGER) {
  return z.preprocess(fromDigits(INTEGER_TEXT), z.number().int().min(min).max(max));
}

/** A request field that may have a fraction (seconds of playback), in [min, max]; finite only. */
export function decimalField(min: number, max: number) {
  return z.preprocess(fromDigits(DECIMAL_TEXT), z.number().min(min).max(max));
}
