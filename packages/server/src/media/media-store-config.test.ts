import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

describe('media store configuration', () => {
  it('defaults to local files, proxied, with nothing to set', () => {
    expect(loadConfig({}).mediaStore).toEqual({
      kind: 'local',
      s3: null,
      delivery: 'proxy',
      signedUrlTtlS: 300,
    });
  });

  it('reads an S3-compatible endpoint with path-style addressing by default', () => {
    const config = loadConfig({
      MEDIA_STORE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'prod',
      MEDIA_DELIVERY: 'signed',
      S3_SIGNED_URL_TTL_S: '600',
    });
    expect(config.mediaStore).toEqual({
      kind: 's3',
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        bucket: 'media',
        prefix: 'prod/',
        credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
        forcePathStyle: true,
      },
      delivery: 'signed',
      signedUrlTtlS: 600,
    });
  });

  it('uses AWS (virtual-hosted, default credential chain) without an endpoint', () => {
    const s3 = loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'b', S3_REGION: 'eu-west-1' }).mediaStore?.s3;
    expect(s3).toMatchObject({
      endpoint: null,
      region: 'eu-west-1',
      credentials: null,
      forcePathStyle: false,
    });
  });

  it.each([
    [{ MEDIA_STORE: 's3' }, /S3_BUCKET is required when MEDIA_STORE=s3/],
    [{ MEDIA_STORE: 'gcs' }, /MEDIA_STORE must be local or s3/],
    [{ MEDIA_DELIVERY: 'signed' }, /MEDIA_DELIVERY=signed needs MEDIA_STORE=s3/],
    [
      { MEDIA_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' },
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    ],
    [{ MEDIA_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT must be an http/],
    [{ S3_SIGNED_URL_TTL_S: '30' }, /S3_SIGNED_URL_TTL_S must be an integer from 60 to 604800/],
    [
      { MEDIA_STORE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' },
      /S3_FORCE_PATH_STYLE must be on or off/,
    ],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never puts the secret into an error message', () => {
    expect(() =>
      loadConfig({ MEDIA_STORE: 's3', S3_SECRET_ACCESS_KEY: 'very-secret-value', S3_BUCKET: '' }),
    ).toThrow(/^(?!.*very-secret-value)/s);
  });
});
