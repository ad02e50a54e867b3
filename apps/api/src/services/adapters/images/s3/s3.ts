/**
 * The image storage on S3-compatible object storage (AWS S3, Cloudflare R2, MinIO, DigitalOcean
 * Spaces…): plain `fetch` with AWS Signature Version 4, path-style URLs (`<endpoint>/<bucket>/<key>`),
 * which every S3-compatible service accepts. Two calls are all the storage needs (PUT and GET object),
 * so a signer of ~60 lines replaces an SDK of several megabytes; it is checked against AWS's published
 * example signature (s3.test.ts).
 */
import { createHash, createHmac } from 'node:crypto';
import type { ImageStorage } from '../storage';
import { IMAGE_FILE_NAME } from '../storage';

export interface S3StorageConfig {
  /** `https://s3.ap-southeast-1.amazonaws.com`, `https://<account>.r2.cloudflarestorage.com`, `http://127.0.0.1:9000` */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Key prefix inside the bucket (default `images/`). */
  prefix?: string;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding of one path segment, as SigV4 wants it (S3 paths are encoded once). */
const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface SignInput {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (names in any case). */
  headers?: Record<string, string>;
  payloadHash: string;
  region: string;
  service?: string;
  accessKeyId: string;
  secretAccessKey: string;
  now: Date;
}

/**
 * The headers of a request signed with AWS Signature Version 4 (`authorization`, `x-amz-date`,
 * `x-amz-content-sha256` and the given ones). Query strings are not signed here (the storage uses none).
 */
export function signV4(input: SignInput): Record<string, string> {
  const amzDate = input.now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const date = amzDate.slice(0, 8);
  const service = input.service ?? 's3';
  const headers: Record<string, string> = {
    host: input.url.host,
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': amzDate,
  };
  for (const [name, value] of Object.entries(input.headers ?? {})) headers[name.toLowerCase()] = value.trim();
  const names = Object.keys(headers).sort();
  const canonicalPath = input.url.pathname
    .split('/')
    .map((segment) => encodeSegment(decodeURIComponent(segment)))
    .join('/');
  const canonicalRequest = [
    input.method,
    canonicalPath,
    '',
    ...names.map((name) => `${name}:${headers[name]}`),
    '',
    names.join(';'),
    input.payloadHash,
  ].join('\n');
  const scope = `${date}/${input.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, date), input.region), service),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  const { host: _host, ...sent } = headers;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}

export function createS3Storage(
  config: S3StorageConfig,
  fetchImpl: typeof fetch = fetch,
  now: () => Date = () => new Date(),
): ImageStorage {
  const prefix = config.prefix ?? 'images/';
  const base = config.endpoint.replace(/\/+$/, '');
  const urlOf = (name: string) =>
    new URL(
      `${base}/${encodeSegment(config.bucket)}/${prefix.split('/').map(encodeSegment).join('/')}${name}`,
    );
  const sign = (method: string, url: URL, payloadHash: string, headers?: Record<string, string>) =>
    signV4({
      method,
      url,
      headers,
      payloadHash,
      region: config.region,
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      now: now(),
    });

  return {
    async put(name, body, contentType) {
      if (!IMAGE_FILE_NAME.test(name)) throw new Error(`not an image file name: ${name}`);
      const url = urlOf(name);
      const headers = sign('PUT', url, sha256Hex(body), {
        'content-type': contentType,
        'cache-control': 'public, max-age=31536000, immutable',
      });
      const response = await fetchImpl(url, { method: 'PUT', headers, body: new Uint8Array(body) });
      if (!response.ok) {
        throw new Error(`S3 PUT ${name}: ${response.status} ${(await response.text()).slice(0, 200)}`);
      }
    },
    async get(name) {
      if (!IMAGE_FILE_NAME.test(name)) return null;
      const url = urlOf(name);
      const response = await fetchImpl(url, { headers: sign('GET', url, sha256Hex('')) });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`S3 GET ${name}: ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
  };
}
