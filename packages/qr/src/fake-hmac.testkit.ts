/**
 * Test stand-in for the server's HMAC-SHA256: a keyed, deterministic 64-character lowercase hex
 * digest (eight FNV-1a rounds). Not cryptographic; it only has to differ when key or message differ.
 */
export function fakeHmacHex(key: string, message: string): string {
  const input = `${key}\u0000${message}`;
  let digest = '';
  for (let round = 0; round < 8; round += 1) {
    let hash = (0x811c9dc5 ^ Math.imul(round + 1, 0x9e3779b1)) >>> 0;
    for (let i = 0; i < input.length; i += 1) {
      hash ^= input.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    digest += hash.toString(16).padStart(8, '0');
  }
  return digest;
}

/** The server key of the tests. */
export const TEST_QR_KEY = 'test-qr-key';

/** Signs like the server would. */
export const sign = (message: string): string => fakeHmacHex(TEST_QR_KEY, message);

/** A `verify` callback as the server passes it. */
export const verify = (message: string, signature: string): boolean => sign(message) === signature;
