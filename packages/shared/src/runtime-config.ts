/**
 * What the server tells the web app at load time, through `GET /app-config.js`, which sets
 * `window[RUNTIME_CONFIG_GLOBAL]`. The same web build then works with any deployment's keys.
 * The envelope key and API key are client secrets by design of the protocol (obfuscation against
 * casual scraping, not a security boundary); sessions are what protect accounts.
 */
export interface RuntimeConfig {
  /** Hex AES key for the envelope (protocol.md). */
  envelopeKey: string;
  /** The `apikey` merged into every body. */
  apiKey: string;
  /** XOR key byte for `_xfile` images. */
  imageXorKey: number;
  /**
   * Candidate API hosts (mirror list). Empty means same origin. The entry page probes them in
   * order and keeps the first that answers.
   */
  apiHosts: string[];
  /** Product version shown in the app. */
  version: string;
}

export const RUNTIME_CONFIG_GLOBAL = '__DM51_CONFIG__';
export const RUNTIME_CONFIG_PATH = '/app-config.js';
/**
 * A page load's own copy of the config: the server writes it into the index.html it answers to a
 * navigation, as a JSON data block with this id, in place of the `/app-config.js` script (one
 * request fewer before the app's code can run). A data block is not run, so the page's script
 * policy stays `'self'` (docs/develop/decisions/0022-first-script-sends-launch-calls.md).
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'dm51-config';
