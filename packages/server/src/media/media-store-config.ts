/**
 * Where media is kept and how it is delivered, read from the environment by config.ts:
 *
 * - MEDIA_STORE: `local` (default: files under DATA_DIR/media) or `s3` (any S3-compatible store).
 * - S3_ENDPOINT (unset: AWS), S3_REGION (us-east-1), S3_BUCKET (required with s3), S3_PREFIX,
 *   S3_ACCESS_KEY_ID + S3_SECRET_ACCESS_KEY (both or neither; neither: the SDK's default chain),
 *   S3_FORCE_PATH_STYLE (default on when S3_ENDPOINT is set: MinIO, Ceph and s3rver want it).
 * - MEDIA_DELIVERY: `proxy` (default: the server streams the bytes) or `signed` (GET /media answers
 *   302 to a presigned URL valid S3_SIGNED_URL_TTL_S seconds, default 300); `signed` needs s3.
 */
export interface S3StoreConfig {
  endpoint: string | null;
  region: string;
  bucket: string;
  /** Key prefix inside the bucket ('' or ending in '/'). */
  prefix: string;
  /** null: the SDK's default credential chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
}

export interface MediaStoreConfig {
  kind: 'local' | 's3';
  /** Present when kind is s3. */
  s3: S3StoreConfig | null;
  delivery: 'proxy' | 'signed';
  signedUrlTtlS: number;
}

export const LOCAL_MEDIA_STORE: MediaStoreConfig = {
  kind: 'local',
  s3: null,
  delivery: 'proxy',
  signedUrlTtlS: 300,
};

/** Throws an Error naming the variable; config.ts turns it into a ConfigError. */
export function loadMediaStoreConfig(env: NodeJS.ProcessEnv = process.env): MediaStoreConfig {
  const read = (name: string) => (env[name] ?? '').trim();
  const kind = read('MEDIA_STORE').toLowerCase() || 'local';
  if (kind !== 'local' && kind !== 's3') throw new Error('MEDIA_STORE must be local or s3');
  const delivery = read('MEDIA_DELIVERY').toLowerCase() || 'proxy';
  if (delivery !== 'proxy' && delivery !== 'signed')
    throw new Error('MEDIA_DELIVERY must be proxy or signed');
  const ttlRaw = read('S3_SIGNED_URL_TTL_S');
  const signedUrlTtlS = ttlRaw === '' ? 300 : Number(ttlRaw);
  if (!/^\d+$/.test(ttlRaw || '300') || signedUrlTtlS < 60 || signedUrlTtlS > 604_800) {
    // The redirect is cached for TTL − 60 s, so it never hands out a URL about to expire; 7 days is S3's limit.
    throw new Error('S3_SIGNED_URL_TTL_S must be an integer from 60 to 604800');
  }
  if (kind === 'local') {
    if (delivery === 'signed') throw new Error('MEDIA_DELIVERY=signed needs MEDIA_STORE=s3');
    return { ...LOCAL_MEDIA_STORE, signedUrlTtlS };
  }

  const bucket = read('S3_BUCKET');
  if (bucket === '') throw new Error('S3_BUCKET is required when MEDIA_STORE=s3');
  const endpoint = read('S3_ENDPOINT') || null;
  if (endpoint !== null && !/^https?:\/\/[^\s/]+/.test(endpoint)) {
    throw new Error('S3_ENDPOINT must be an http(s):// URL');
  }
  const accessKeyId = read('S3_ACCESS_KEY_ID');
  const secretAccessKey = read('S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === '') !== (secretAccessKey === '')) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither)');
  }
  const pathStyle = read('S3_FORCE_PATH_STYLE').toLowerCase();
  if (pathStyle !== '' && pathStyle !== 'on' && pathStyle !== 'off') {
    throw new Error('S3_FORCE_PATH_STYLE must be on or off');
  }
  let prefix = read('S3_PREFIX').replace(/^\/+/, '');
  if (prefix !== '' && !prefix.endsWith('/')) prefix += '/';
  return {
    kind,
    s3: {
      endpoint,
      region: read('S3_REGION') || 'us-east-1',
      bucket,
      prefix,
      credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
      forcePathStyle: pathStyle === '' ? endpoint !== null : pathStyle === 'on',
    },
    delivery,
    signedUrlTtlS,
  };
}
