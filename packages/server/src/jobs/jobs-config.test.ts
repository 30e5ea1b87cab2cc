/** The job queue's settings as an operator writes them: defaults, and clear refusals. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

describe('JOBS_SCHEMA and JOBS_LEASE_S', () => {
  it('default to the pgboss schema and a 60 s lease, with the supervisor at half the lease', () => {
    expect(loadConfig({}).jobs).toEqual({ schema: 'pgboss', leaseS: 60, pollS: 2, maintenanceS: 30 });
    expect(loadConfig({ JOBS_SCHEMA: 'queue_a', JOBS_LEASE_S: '20' }).jobs).toMatchObject({
      schema: 'queue_a',
      leaseS: 20,
      maintenanceS: 10,
    });
  });

  it('refuses a schema that is not a plain identifier and a lease out of range, naming the variable', () => {
    expect(() => loadConfig({ JOBS_SCHEMA: 'pg-boss; drop' })).toThrow(ConfigError);
    expect(() => loadConfig({ JOBS_SCHEMA: 'Jobs' })).toThrow(/JOBS_SCHEMA/);
    expect(() => loadConfig({ JOBS_LEASE_S: '5' })).toThrow(/JOBS_LEASE_S must be a whole number/);
    expect(() => loadConfig({ JOBS_LEASE_S: 'soon' })).toThrow(/JOBS_LEASE_S/);
  });
});
