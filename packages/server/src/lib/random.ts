import { hash, randomBytes, randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: codes that people copy by hand (invite codes, guest passes) stay unambiguous. */
const READABLE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function readableCode(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += READABLE_ALPHABET[randomInt(READABLE_ALPHABET.length)];
  return out;
}

/** An opaque bearer token: 32 random bytes, base64url (43 characters). */
export function opaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** One-shot `hash` (Node ≥ 20.12): a third of `createHash`'s cost, and every session call runs it. */
export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}
