/**
 * What server.ts (one server) and cluster.ts (a scaled deployment) both need: where the repository
 * is, the keys the end-to-end server runs with, and the shape of a running server. It imports
 * neither of them, so the two do not import each other (server.ts only loads cluster.ts on demand).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Keys the end-to-end server runs with; the browser learns them from /app-config.js like in production. */
export const E2E_KEYS = {
  envelopeKey: '603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4',
  apiKey: 'e2e-api-key',
  imageXorKey: 0x5a,
};

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  /** The server process (benchmarks read its CPU time). */
  pid: number;
  output(): string;
  stop(): Promise<void>;
  /**
   * A clean restart with the data kept: stopped (SIGTERM, so buffered counters are written) and
   * started again at the same address; a cluster restarts every instance behind the same balancer.
   * `env` is added to the environment from then on, as an operator changes a deployment's settings.
   */
  restart(env?: Record<string, string>): Promise<void>;
  /** Set when the server is a scaled deployment on PostgreSQL (E2E_CLUSTER; support/cluster.ts). */
  databaseUrl?: string;
}
