import { describe, expect, it } from 'vitest';
import { kioskTicketCode } from './kiosk-ticket';

describe('kioskTicketCode', () => {
  it("a UUID key '7f3a9c1e-…' -> '7F3A'", () => {
    expect(kioskTicketCode('7f3a9c1e-0b2d-4e5f-8a6b-1c2d3e4f5a6b')).toBe('7F3A');
  });
  it("a key with leading dashes and non-hex letters 'x-z-0b-2d' -> '0B2D'", () => {
    expect(kioskTicketCode('x-z-0b-2d')).toBe('0B2D');
  });
});
