import { describe, expect, it } from 'vitest';
import {
  digestAuthorization,
  digestChallenge,
  digestHa1,
  digestMatches,
  issueNonce,
  nonceState,
  parseBasic,
  parseDigest,
} from './http-auth';

const KEY = Buffer.alloc(32, 7);
const NOW = new Date('2026-11-23T04:00:00Z');

describe('printer HTTP authentication', () => {
  it('Basic -> user name and password; not Basic -> null', () => {
    const header = `Basic ${Buffer.from('p1001-ab:s3cret:with:colons').toString('base64')}`;
    expect(parseBasic(header)).toEqual({ username: 'p1001-ab', password: 's3cret:with:colons' });
    expect(parseBasic('Bearer x')).toBeNull();
    expect(parseBasic(`Basic ${Buffer.from('nocolon').toString('base64')}`)).toBeNull();
  });

  it("RFC 2617's worked example (Mufasa, Circle Of Life) -> the response it gives", () => {
    // RFC 2617 section 3.5: realm testrealm@host.com, GET /dir/index.html.
    const ha1 = digestHa1('Mufasa', 'Circle Of Life', 'testrealm@host.com');
    expect(
      digestMatches(ha1, 'GET', {
        username: 'Mufasa',
        nonce: 'dcd98b7102dd2f0e8b11d0f600bfb0c093',
        uri: '/dir/index.html',
        qop: 'auth',
        nc: '00000001',
        cnonce: '0a4f113b',
        response: '6629fae49393a05397450978507c4ef1',
      }),
    ).toBe(true);
  });

  it('our challenge answered by a client -> matches; another password or method -> not', () => {
    const nonce = issueNonce(KEY, NOW);
    const authorization = digestAuthorization({
      username: 'p1',
      password: 'pw',
      method: 'POST',
      uri: '/api/printers/epson',
      challenge: digestChallenge(nonce),
      cnonce: 'abc',
    });
    const params = parseDigest(authorization)!;
    expect(params.nonce).toBe(nonce);
    expect(digestMatches(digestHa1('p1', 'pw'), 'POST', params)).toBe(true);
    expect(digestMatches(digestHa1('p1', 'other'), 'POST', params)).toBe(false);
    expect(digestMatches(digestHa1('p1', 'pw'), 'GET', params)).toBe(false);
  });

  it('nonces: ours and recent -> fresh; old -> stale; forged -> bad', () => {
    const nonce = issueNonce(KEY, NOW);
    expect(nonceState(KEY, nonce, NOW)).toBe('fresh');
    expect(nonceState(KEY, nonce, new Date(NOW.getTime() + 301_000))).toBe('stale');
    expect(nonceState(Buffer.alloc(32, 8), nonce, NOW)).toBe('bad');
    expect(nonceState(KEY, 'dcd98b7102dd2f0e8b11d0f600bfb0c093', NOW)).toBe('bad');
  });
});
