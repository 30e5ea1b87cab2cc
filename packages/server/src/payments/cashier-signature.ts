/**
 * Signatures of the cashier's server-to-server notifications, in the Stripe style:
 * `X-Cashier-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. The timestamp is
 * inside what is signed, so an old notification cannot be replayed with a fresh time; one older or
 * newer than the tolerance is refused even when its signature is right.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const CASHIER_SIGNATURE_HEADER = 'x-cashier-signature';
export const SIGNATURE_TOLERANCE_S = 300;

export function signCashierBody(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

export type SignatureCheck = 'ok' | 'missing' | 'malformed' | 'mismatch' | 'stale';

export function checkCashierSignature(
  secret: string,
  header: string | undefined,
  body: Buffer,
  now: number,
  toleranceS = SIGNATURE_TOLERANCE_S,
): SignatureCheck {
  if (!header) return 'missing';
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = parts.get('t') ?? '';
  const v1 = parts.get('v1') ?? '';
  if (!/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) return 'malformed';
  const expected = Buffer.from(hmac(secret, Number(t), body), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) return 'mismatch';
  return Math.abs(now - Number(t)) > toleranceS ? 'stale' : 'ok';
}

/** Over the raw bytes, so nothing is lost to a re-encoding. */
function hmac(secret: string, timestamp: number, body: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}
