/**
 * Server-only secrets (anything that signs, encrypts or peppers). ENVELOPE_KEY, API_KEY and
 * IMAGE_XOR_KEY ship to every visitor in /app-config.js, so nothing secret may be derived from them.
 * A secret is either configured (an environment variable, used as is) or generated at random on the
 * first start and kept in the database, so every instance of a cluster shares it.
 *
 * `load` runs at start-up (payments plugin); `get` is synchronous for hot paths and throws when the
 * secret was never loaded, so a wiring mistake fails loudly instead of signing with an empty key.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.js';
import { ServerSecretRepository } from '../repositories/server-secret.repository.js';

/** Names of the generated secrets (rows of server_secrets). */
export const SECRET_NAMES = {
  /** HMAC-SHA256 key of the demo cashier's notifications (unless PAY_CASHIER_SECRET is set). */
  cashierNotify: 'cashier_notify',
  /** HMAC key of the tokens that unlock encrypted video segments. */
  videoKeyToken: 'video_key_token',
} as const;

export type SecretName = (typeof SECRET_NAMES)[keyof typeof SECRET_NAMES];

export class ServerSecrets {
  private readonly repo: ServerSecretRepository;
  private readonly values = new Map<string, string>();
  private readonly pending = new Map<string, Promise<string>>();

  constructor(
    db: Database,
    /** Configured values by name (used as is, never stored). */
    private readonly configured: Partial<Record<SecretName, string>> = {},
  ) {
    this.repo = new ServerSecretRepository(db);
  }

  /** The secret, reading or creating its row once per process. */
  async load(name: SecretName): Promise<string> {
    const known = this.values.get(name) ?? this.configured[name];
    if (known !== undefined) return known;
    let pending = this.pending.get(name);
    if (!pending) {
      pending = this.repo
        .getOrCreate(name, randomBytes(32).toString('hex'), Math.floor(Date.now() / 1000))
        .then((value) => {
          this.values.set(name, value);
          return value;
        })
        .finally(() => this.pending.delete(name));
      this.pending.set(name, pending);
    }
    return pending;
  }

  /** A secret already loaded; throws when `load` has not run for it. */
  get(name: SecretName): string {
    const value = this.values.get(name) ?? this.configured[name];
    if (value === undefined) throw new Error(`server secret ${name} used before it was loaded`);
    return value;
  }
}
