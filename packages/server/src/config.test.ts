import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_DEFAULTS, defaultedSecretWarnings, loadConfig } from './config.js';

const SECRETS = {
  ENVELOPE_KEY: 'ab'.repeat(32),
  API_KEY: 'a-real-api-key',
  IMAGE_XOR_KEY: '17',
};

describe('loadConfig', () => {
  it('applies the documented defaults and marks the secrets it defaulted', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: resolve('./data'),
      sqlitePath: resolve('./data/app.db'),
      databaseUrl: null,
      timestampWindowS: 300,
      logLevel: 'info',
      logFormat: 'auto',
      apiHosts: [],
      compression: true,
      listenBacklog: 4096,
      envelopeKey: DEV_DEFAULTS.ENVELOPE_KEY,
      apiKey: DEV_DEFAULTS.API_KEY,
      imageXorKey: Number(DEV_DEFAULTS.IMAGE_XOR_KEY),
    });
    expect(config.webDir).toMatch(/packages[\\/]web[\\/]dist$/);
    expect(config.defaulted.sort()).toEqual(['API_KEY', 'ENVELOPE_KEY', 'IMAGE_XOR_KEY']);
    const warnings = defaultedSecretWarnings(config);
    expect(warnings).toHaveLength(3);
    expect(warnings.join('\n')).toMatch(/ENVELOPE_KEY.*DEVELOPMENT DEFAULT/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      ...SECRETS,
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/dm51-data',
      DATABASE_URL: 'postgres://u@db:5432/app',
      TIMESTAMP_WINDOW_S: '60',
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
      WEB_DIR: '/srv/web',
      API_HOSTS: 'https://a.example, https://b.example/ ,',
      COMPRESSION: 'off',
      LISTEN_BACKLOG: '1024',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/tmp/dm51-data',
      sqlitePath: '/tmp/dm51-data/app.db',
      databaseUrl: 'postgres://u@db:5432/app',
      envelopeKey: SECRETS.ENVELOPE_KEY,
      apiKey: SECRETS.API_KEY,
      imageXorKey: 17,
      timestampWindowS: 60,
      logLevel: 'debug',
      logFormat: 'json',
      webDir: '/srv/web',
      apiHosts: ['https://a.example', 'https://b.example/'],
      compression: false,
      listenBacklog: 1024,
      defaulted: [],
    });
    expect(defaultedSecretWarnings(config)).toEqual([]);
  });

  it('treats empty variables as unset (DATABASE_URL= means SQLite)', () => {
    const config = loadConfig({ ...SECRETS, DATABASE_URL: '', PORT: '', IMAGE_XOR_KEY: '0' });
    expect(config).toMatchObject({ databaseUrl: null, port: 8080, imageXorKey: 0, defaulted: [] });
  });

  it.each([
    ['PORT', 'eighty', /PORT must be an integer/],
    ['PORT', '70000', /PORT must be an integer from 0 to 65535/],
    ['DATABASE_URL', 'mysql://localhost/app', /DATABASE_URL must be a postgres:\/\/ URL/],
    ['ENVELOPE_KEY', 'abc', /ENVELOPE_KEY must be 32, 48 or 64 hex characters/],
    ['ENVELOPE_KEY', 'zz'.repeat(16), /ENVELOPE_KEY must be 32, 48 or 64 hex characters/],
    ['ENVELOPE_KEY', 'ab'.repeat(20), /ENVELOPE_KEY must be 32, 48 or 64 hex characters/],
    ['API_KEY', 'short', /API_KEY must be at least 8 characters/],
    ['IMAGE_XOR_KEY', '256', /IMAGE_XOR_KEY must be an integer from 0 to 255/],
    ['IMAGE_XOR_KEY', '-1', /IMAGE_XOR_KEY must be an integer from 0 to 255/],
    ['TIMESTAMP_WINDOW_S', '0', /TIMESTAMP_WINDOW_S must be an integer/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of/],
    ['LOG_FORMAT', 'text', /LOG_FORMAT must be pretty or json/],
    ['API_HOSTS', 'ftp://mirror.example', /API_HOSTS must be a comma-separated list/],
    ['TRANSCODE', 'sometimes', /TRANSCODE must be on or off/],
    ['TRANSCODE_CONCURRENCY', '9', /TRANSCODE_CONCURRENCY must be an integer from 1 to 4/],
    [
      'TRUST_PROXY',
      '10.0.0.0/33',
      /TRUST_PROXY must be a comma-separated list.*"10\.0\.0\.0\/33" needs a prefix/,
    ],
  ])('refuses a bad %s (%j) with a message naming it', (variable, value, message) => {
    expect(() => loadConfig({ ...SECRETS, [variable]: value })).toThrowError(ConfigError);
    expect(() => loadConfig({ ...SECRETS, [variable]: value })).toThrowError(message);
  });

  it('runs the transcode jobs by default, one at a time, and turns them off with TRANSCODE=off', () => {
    expect(loadConfig(SECRETS).transcode).toMatchObject({ enabled: true, concurrency: 1 });
    expect(loadConfig({ ...SECRETS, TRANSCODE: 'off' }).transcode).toMatchObject({ enabled: false });
    expect(loadConfig({ ...SECRETS, TRANSCODE_CONCURRENCY: '2' }).transcode).toMatchObject({
      concurrency: 2,
    });
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', ENVELOPE_KEY: 'y' })).toThrowError(/PORT.*ENVELOPE_KEY/);
    expect(() => loadConfig({ LISTEN_BACKLOG: '0' })).toThrowError(/LISTEN_BACKLOG must be an integer/);
  });

  it('reads METRICS_TOKEN, INSTANCE_ID and SHUTDOWN_DELAY_MS, unset (0) by default, and refuses unsafe values', () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: null });
    expect(loadConfig({})).not.toHaveProperty('instanceId');
    expect(
      loadConfig({ METRICS_TOKEN: 'scrape-0123456789abcdef', INSTANCE_ID: 'web-2.eu:8080' }),
    ).toMatchObject({ metricsToken: 'scrape-0123456789abcdef', instanceId: 'web-2.eu:8080' });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrowError(/METRICS_TOKEN must be 16 to 256/);
    expect(() => loadConfig({ INSTANCE_ID: 'web 2' })).toThrowError(/INSTANCE_ID must be 1 to 64/);
    expect(loadConfig({})).toMatchObject({ shutdownDelayMs: 0 });
    expect(loadConfig({ SHUTDOWN_DELAY_MS: '5000' })).toMatchObject({ shutdownDelayMs: 5000 });
    expect(() => loadConfig({ SHUTDOWN_DELAY_MS: '-1' })).toThrowError(
      /SHUTDOWN_DELAY_MS must be an integer/,
    );
  });

  it('trusts no balancer unless TRUST_PROXY lists it', () => {
    expect(loadConfig({})).toMatchObject({ trustProxy: [] });
    expect(loadConfig({ TRUST_PROXY: ' ' })).toMatchObject({ trustProxy: [] });
  });

  it('reads TRUST_PROXY as addresses, CIDRs and the named ranges Fastify knows', () => {
    expect(
      loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1 ,fd00::/8,loopback,uniquelocal,linklocal,' }),
    ).toMatchObject({
      trustProxy: ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback', 'uniquelocal', 'linklocal'],
    });
  });

  it.each([
    ['10.0.0.0/', /"10\.0\.0\.0\/" needs a prefix length from 1 to 32/],
    ['10.0.0.0/0', /"10\.0\.0\.0\/0" needs a prefix length from 1 to 32/],
    ['fd00::/129', /"fd00::\/129" needs a prefix length from 1 to 128/],
    ['10.0.0.256', /"10\.0\.0\.256" is not an IP address or CIDR/],
    ['balancer.internal', /"balancer\.internal" is not an IP address or CIDR/],
    // proxy-addr has no such name; `uniquelocal` is what it calls the private ranges.
    ['private', /"private" is not an IP address or CIDR/],
    // The installed Fastify treats a hop count as "trust nobody": refused rather than ignored.
    ['1', /"1" is a hop count/],
  ])('refuses TRUST_PROXY=%j with a clear message', (value, message) => {
    expect(() => loadConfig({ TRUST_PROXY: `127.0.0.1,${value}` })).toThrowError(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: `127.0.0.1,${value}` })).toThrowError(
      /TRUST_PROXY must be a comma-separated list of addresses or CIDRs/,
    );
    expect(() => loadConfig({ TRUST_PROXY: `127.0.0.1,${value}` })).toThrowError(message);
  });
});
