import type { CDPSession } from 'playwright-core';

/**
 * Lighthouse's mobile network, for real (DevTools throttling): 150 ms round trips, 1.6 Mbit/s down,
 * 750 kbit/s up. The first-load probes load pages over it so that requests and tasks fall in the
 * order Lighthouse's simulation sees them.
 */
export async function emulatePhoneNetwork(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 1.6e6 / 8,
    uploadThroughput: 750e3 / 8,
  });
}
