import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createS3Storage, signV4 } from './s3';

describe('S3 image storage', () => {
  it("AWS's published GET Object example -> its published signature", () => {
    // docs.aws.amazon.com AmazonS3 sig-v4-header-based-auth, "Example: GET Object".
    const headers = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('put then get against a fake S3 server -> path-style PUT with a signed body hash, GET of the same bytes, 404 -> null', async () => {
    const objects = new Map<string, Buffer>();
    const seen: { method: string; url: string; headers: Record<string, unknown> }[] = [];
    const fake = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        seen.push({ method: request.method!, url: request.url!, headers: request.headers });
        if (!String(request.headers.authorization).startsWith('AWS4-HMAC-SHA256 Credential=KEY/')) {
          response.writeHead(403).end();
        } else if (request.method === 'PUT') {
          objects.set(request.url!, Buffer.concat(chunks));
          response.writeHead(200).end();
        } else {
          const body = objects.get(request.url!);
          if (body) response.writeHead(200).end(body);
          else response.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        }
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const { port } = fake.address() as AddressInfo;
    try {
      const storage = createS3Storage({
        endpoint: `http://127.0.0.1:${port}/`,
        bucket: 'menu',
        region: 'auto',
        accessKeyId: 'KEY',
        secretAccessKey: 'SECRET',
      });
      const name = '0123456789abcdef0123-320.avif';
      await storage.put(name, Buffer.from('avif bytes'), 'image/avif');
      expect(seen[0]).toMatchObject({
        method: 'PUT',
        url: `/menu/images/${name}`,
        headers: {
          'content-type': 'image/avif',
          'cache-control': 'public, max-age=31536000, immutable',
          // sha256('avif bytes')
          'x-amz-content-sha256': (await import('node:crypto'))
            .createHash('sha256')
            .update('avif bytes')
            .digest('hex'),
        },
      });
      expect(String(seen[0]!.headers.authorization)).toMatch(
        /SignedHeaders=cache-control;content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
      );
      expect((await storage.get(name))?.toString()).toBe('avif bytes');
      expect(await storage.get('0123456789abcdef0123-640.avif')).toBeNull();
      await expect(storage.put('../escape.avif', Buffer.from('x'), 'image/avif')).rejects.toThrow();
    } finally {
      fake.close();
    }
  });
});
