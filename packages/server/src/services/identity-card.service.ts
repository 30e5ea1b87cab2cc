/**
 * Identity cards: a QR code holding `DM51ID:1:<uid>:<secret>`. Only the secret's sha256 is stored,
 * so the card is shown once, when made; making a new one revokes the old (the card is a bearer
 * credential for the account, like a recovery code). Works for guests too: it is how a guest gets
 * its account back on another device.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import jsqr from 'jsqr';
import QRCode from 'qrcode';
import { nowSeconds } from '../db/database.js';
import { Errors } from '../errors.js';
import { sha256Hex } from '../lib/random.js';
import type { AccountRepository } from '../repositories/account.repository.js';
import { decodeRgba } from './image-input.js';

const PREFIX = 'DM51ID';
const VERSION = '1';
const CREDENTIAL = /^DM51ID:1:(\d{1,12}):([A-Za-z0-9_-]{43})$/;
/** Large photos are scanned at this size (and, failing that, at a smaller one, which helps blurry shots). */
const SCAN_SIDES = [1200, 600] as const;

export interface IssuedCard {
  credential: string;
  qr: string;
  created_time: number;
}

export function parseCredential(text: string): { uid: number; secret: string } | null {
  const match = CREDENTIAL.exec(text.trim());
  if (!match) return null;
  return { uid: Number(match[1]), secret: match[2]! };
}

/** The text of the first QR code found in the image, or null. */
export async function readQrText(image: Buffer): Promise<string | null> {
  for (const side of SCAN_SIDES) {
    const { data, width, height } = await decodeRgba(image, side);
    // jsqr is CommonJS exporting the function both as the module and as `.default`; TypeScript sees
    // only the latter under NodeNext.
    const found = jsqr.default(data, width, height, { inversionAttempts: 'attemptBoth' });
    if (found?.data) return found.data;
  }
  return null;
}

export function renderQr(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 360 });
}

export class IdentityCardService {
  constructor(private readonly accounts: AccountRepository) {}

  async status(userId: number): Promise<{ has_card: boolean; created_time: number }> {
    const card = await this.accounts.findCard(userId);
    return { has_card: Boolean(card), created_time: card?.created_time ?? 0 };
  }

  /** Makes a new card; the previous one stops working at once. */
  async issue(userId: number): Promise<IssuedCard> {
    const secret = randomBytes(32).toString('base64url');
    const credential = `${PREFIX}:${VERSION}:${userId}:${secret}`;
    const created_time = nowSeconds();
    await this.accounts.saveCard(userId, sha256Hex(secret), created_time);
    return { credential, qr: await renderQr(credential), created_time };
  }

  /**
   * The user id a credential logs in to. QR_INVALID when the text is not a card of ours,
   * IDENTITY_CARD_INVALID when it was one but is revoked, regenerated or its account deleted.
   */
  async verify(text: string): Promise<number> {
    const parsed = parseCredential(text);
    if (!parsed) throw Errors.qrInvalid();
    const card = await this.accounts.findCard(parsed.uid);
    const given = Buffer.from(sha256Hex(parsed.secret), 'hex');
    const expected = Buffer.from(card?.secret_hash ?? '0'.repeat(64), 'hex');
    if (!card || !timingSafeEqual(given, expected)) throw Errors.identityCardInvalid();
    return parsed.uid;
  }
}
