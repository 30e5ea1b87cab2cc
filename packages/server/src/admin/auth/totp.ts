/**
 * TOTP (RFC 6238) through otpauth: SHA-1, 6 digits, 30 s, the parameters every authenticator app
 * reads from an otpauth:// URI. A code is accepted one step either side of now (clock drift).
 */
import { Secret, TOTP } from 'otpauth';

export const TOTP_ISSUER = '51动漫 console';
const PERIOD_S = 30;

function totpFor(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** A fresh 160-bit secret, base32 (what authenticator apps take when typed in). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUri(secret: string, operatorName: string): string {
  return totpFor(secret, operatorName).toString();
}

/** The current code (the CLI and the tests use it; the console never needs it). */
export function totpCode(secret: string, timeMs = Date.now()): string {
  return totpFor(secret, 'x').generate({ timestamp: timeMs });
}

/** The time step the code belongs to, or null when it matches none of now−1, now, now+1. */
export function totpStep(secret: string, code: string, timeMs = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret, 'x').validate({ token: code, timestamp: timeMs, window: 1 });
  if (delta === null) return null;
  return Math.floor(timeMs / 1000 / PERIOD_S) + delta;
}
