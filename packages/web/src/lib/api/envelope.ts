/**
 * The deployment's envelope (protocol.md), split so a launch's first calls do not wait for a
 * JavaScript AES (issue 16, eleventh pass). @noble/ciphers builds 64 K-entry lookup tables when its
 * module is evaluated — on a phone tens of milliseconds, which sat in the first script before the
 * launch calls could be sealed. Now:
 *
 * - requests are sealed through WebCrypto where the page has it (`createWebCryptoSealer`: one
 *   native AES-CBC call, the same bytes as CFB), until the JavaScript cipher is in;
 * - the JavaScript cipher is its own chunk, asked for at launch (`loadEnvelope`) and evaluated while
 *   the first calls are on the network; answers are opened with it (WebCrypto cannot open CFB).
 *
 * Without WebCrypto (plain HTTP from a host other than localhost) or with a 192-bit key, sealing
 * waits for the JavaScript cipher, as every seal did before.
 */
import { createEnvelope, createWebCryptoSealer, type AsyncSealer, type Envelope } from '@dm51/shared';
import { requireRuntimeConfig } from '../runtime-config';

let envelope: Envelope | null = null;
let loading: Promise<Envelope> | null = null;
/** undefined: not made yet; null: this page cannot seal through WebCrypto. */
let webCryptoSealer: AsyncSealer | null | undefined;

/** The JavaScript envelope, asked for once; a failed chunk load is asked for again next time. */
export function loadEnvelope(): Promise<Envelope> {
  loading ??= import('@dm51/shared/cfb-noble').then(
    ({ nobleCfbCipher }) => {
      envelope = createEnvelope(requireRuntimeConfig().envelopeKey, nobleCfbCipher);
      return envelope;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The JavaScript envelope if it is in, for what must seal or open at once (a page-hide beacon). */
export function loadedEnvelope(): Envelope | null {
  return envelope;
}

/** A request body sealed: by the JavaScript envelope once it is in, through WebCrypto before. */
export async function sealBody(value: unknown): Promise<string> {
  if (envelope) return envelope.seal(value);
  webCryptoSealer ??= createWebCryptoSealer(requireRuntimeConfig().envelopeKey, globalThis.crypto?.subtle);
  if (webCryptoSealer) {
    try {
      const sealed = await webCryptoSealer.seal(value);
      // Its answer needs the JavaScript cipher: asked for now, evaluated while this call is out.
      void loadEnvelope().catch(() => undefined);
      return sealed;
    } catch {
      // A browser whose WebCrypto refuses AES-CBC: every later seal takes the JavaScript cipher.
      webCryptoSealer = null;
    }
  }
  return (await loadEnvelope()).seal(value);
}

/** An answer's sealed data opened (throws EnvelopeError when it cannot be). */
export async function openSealed(wire: string): Promise<unknown> {
  return (envelope ?? (await loadEnvelope())).open(wire);
}
