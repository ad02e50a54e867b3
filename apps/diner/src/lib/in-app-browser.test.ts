import { describe, expect, it } from 'vitest';
import { inAppBrowserOf } from './in-app-browser';

describe('inAppBrowserOf', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148 Instagram 302.0.0.23.103', 'instagram'],
    ['Mozilla/5.0 (Linux; Android 14) [FB_IAB/FB4A;FBAV/449.0.0.39.111;]', 'facebook'],
    ['Mozilla/5.0 (iPhone) Mobile/15E148 [FBAN/FBIOS;FBAV/447.0]', 'facebook'],
    ['Mozilla/5.0 (Linux; Android 13) Chrome/120 Mobile Safari/537.36 Line/13.21.1', 'line'],
    ['Mozilla/5.0 (Linux; Android 13) Chrome/120 Mobile Safari/537.36 WhatsApp/2.24', 'whatsapp'],
    ['Mozilla/5.0 (Linux; Android 14) Chrome/126 Mobile Safari/537.36', undefined],
  ])('%s -> %s', (agent, expected) => expect(inAppBrowserOf(agent)).toBe(expected));
});
