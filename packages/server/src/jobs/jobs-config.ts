/**
 * Configuration of the shared job queue (scale-out: jobs). Only read on PostgreSQL; the
 * embedded default runs jobs in process and needs none of it.
 */
export interface JobsConfig {
  /** pg-boss's schema in the same database (JOBS_SCHEMA, default pgboss). */
  schema: string;
  /** Seconds a running job's lease lasts without a heartbeat before another instance takes it over (JOBS_LEASE_S). */
  leaseS: number;
  /** Seconds between fetches of an idle worker. */
  pollS: number;
  /** Seconds between supervisor passes (lapsed leases are expired and retried). */
  maintenanceS: number;
}

export const DEFAULT_JOBS_CONFIG: JobsConfig = { schema: 'pgboss', leaseS: 60, pollS: 2, maintenanceS: 30 };

export function loadJobsConfig(env: NodeJS.ProcessEnv): JobsConfig {
  const schema = env['JOBS_SCHEMA']?.trim() || DEFAULT_JOBS_CONFIG.schema;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema))
    throw new Error(
      `JOBS_SCHEMA must be a lower-case PostgreSQL identifier (letters, digits, _), got "${schema}"`,
    );
  const rawLease = env['JOBS_LEASE_S']?.trim();
  const leaseS = rawLease ? Number(rawLease) : DEFAULT_JOBS_CONFIG.leaseS;
  if (!Number.isInteger(leaseS) || leaseS < 10 || leaseS > 3600)
    throw new Error(`JOBS_LEASE_S must be a whole number of seconds from 10 to 3600, got "${rawLease}"`);
  return { ...DEFAULT_JOBS_CONFIG, schema, leaseS, maintenanceS: Math.max(5, Math.floor(leaseS / 2)) };
}
