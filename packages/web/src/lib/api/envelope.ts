import { createEnvelope, nobleCfbCipher, type Envelope } from '@dm51/shared';
import { requireRuntimeConfig } from '../runtime-config';

let envelope: Envelope | null = null;

/** The deployment's envelope; built once, after the runtime config has been checked. */
export function getEnvelope(): Envelope {
  envelope ??= createEnvelope(requireRuntimeConfig().envelopeKey, nobleCfbCipher);
  return envelope;
}
