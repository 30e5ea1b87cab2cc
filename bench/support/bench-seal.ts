/** Form bodies sealed like the web app's calls, with the e2e server's keys (benches seal beforehand). */
import { createEnvelope } from '@dm51/shared';
import { nodeCfbCipher } from '@dm51/shared/node';
import { E2E_KEYS } from '../../e2e/support/server.js';

export function createBenchSeal(fixed: Record<string, unknown> = {}) {
  const envelope = createEnvelope(E2E_KEYS.envelopeKey, nodeCfbCipher);
  const seal = (payload: Record<string, unknown>) =>
    new URLSearchParams({
      data: envelope.seal({
        facility: 'Linux_h5',
        apikey: E2E_KEYS.apiKey,
        ...fixed,
        timestamp: Date.now(),
        ...payload,
      }),
    }).toString();
  return { envelope, seal };
}
