import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryFromHost, currencyFor, isCountry, marketingSiteFor } from './country';

describe('countryFromHost', () => {
  it("'santap.my' -> MY", () => {
    expect(countryFromHost('santap.my', 'ID')).toBe('MY');
  });

  it("'order.santap.id' -> ID", () => {
    expect(countryFromHost('order.santap.id', 'MY')).toBe('ID');
  });

  it("'x.co.id' (second-level domain) -> ID", () => {
    expect(countryFromHost('x.co.id', 'MY')).toBe('ID');
  });

  it("'shop.com.my' -> MY", () => {
    expect(countryFromHost('shop.com.my', 'ID')).toBe('MY');
  });

  it("upper case 'ORDER.SANTAP.ID' -> ID", () => {
    expect(countryFromHost('ORDER.SANTAP.ID', 'MY')).toBe('ID');
  });

  it("port 'santap.my:8443' -> MY", () => {
    expect(countryFromHost('santap.my:8443', 'ID')).toBe('MY');
  });

  it("trailing dot 'santap.id.' -> ID", () => {
    expect(countryFromHost('santap.id.', 'MY')).toBe('ID');
  });

  it("surrounding spaces ' santap.id ' -> ID", () => {
    expect(countryFromHost(' santap.id ', 'MY')).toBe('ID');
  });

  it("'localhost' -> fallback", () => {
    expect(countryFromHost('localhost', 'ID')).toBe('ID');
    expect(countryFromHost('localhost', 'MY')).toBe('MY');
  });

  it("'localhost:5173' -> fallback", () => {
    expect(countryFromHost('localhost:5173', 'ID')).toBe('ID');
  });

  it("'santap.my.localhost' (*.localhost) -> fallback, not MY", () => {
    expect(countryFromHost('santap.my.localhost', 'ID')).toBe('ID');
  });

  it("IPv4 '127.0.0.1:3000' -> fallback", () => {
    expect(countryFromHost('127.0.0.1:3000', 'ID')).toBe('ID');
  });

  it("bracketed IPv6 '[::1]:3000' -> fallback", () => {
    expect(countryFromHost('[::1]:3000', 'MY')).toBe('MY');
  });

  it("bare IPv6 'fe80::1' -> fallback", () => {
    expect(countryFromHost('fe80::1', 'ID')).toBe('ID');
  });

  it("unknown top-level label 'santap.com' -> fallback", () => {
    expect(countryFromHost('santap.com', 'ID')).toBe('ID');
    expect(countryFromHost('santap.com', 'MY')).toBe('MY');
  });

  it("label only in the middle 'my.santap.com' -> fallback", () => {
    expect(countryFromHost('my.santap.com', 'ID')).toBe('ID');
  });

  it("single label 'id' -> fallback", () => {
    expect(countryFromHost('id', 'MY')).toBe('MY');
  });

  it("'', null and undefined -> fallback", () => {
    expect(countryFromHost('', 'ID')).toBe('ID');
    expect(countryFromHost(null, 'ID')).toBe('ID');
    expect(countryFromHost(undefined, 'MY')).toBe('MY');
  });

  it('any string never throws -> MY or ID', () => {
    const country = fc.constantFrom(...COUNTRIES);
    const hostish = fc.oneof(
      fc.string(),
      fc.domain(),
      fc.ipV4(),
      fc.ipV6(),
      fc.webUrl(),
      fc.tuple(fc.domain(), fc.integer({ min: 0, max: 65535 })).map(([d, p]) => `${d}:${p}`),
    );
    fc.assert(
      fc.property(hostish, country, (host, fallback) => {
        expect(COUNTRIES).toContain(countryFromHost(host, fallback));
      }),
    );
  });

  it('domains ending in .my / .id -> that country whatever the fallback', () => {
    fc.assert(
      fc.property(fc.domain(), fc.constantFrom('my', 'id'), fc.constantFrom(...COUNTRIES), (d, tld, fb) => {
        expect(countryFromHost(`${d}.${tld}`, fb)).toBe(tld === 'my' ? 'MY' : 'ID');
      }),
    );
  });

  it('IP addresses -> fallback', () => {
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.ipV6()), fc.constantFrom(...COUNTRIES), (ip, fb) => {
        expect(countryFromHost(ip, fb)).toBe(fb);
      }),
    );
  });
});

describe('currencyFor', () => {
  it('MY -> MYR', () => {
    expect(currencyFor('MY')).toBe('MYR');
  });

  it('ID -> IDR', () => {
    expect(currencyFor('ID')).toBe('IDR');
  });
});

describe('isCountry', () => {
  it("'MY' and 'ID' -> true; 'my', 'SG', 1 -> false", () => {
    expect(isCountry('MY')).toBe(true);
    expect(isCountry('ID')).toBe(true);
    expect(isCountry('my')).toBe(false);
    expect(isCountry('SG')).toBe(false);
    expect(isCountry(1)).toBe(false);
  });
});

describe('marketingSiteFor', () => {
  it.each(['Asia/Jakarta', 'Asia/Pontianak', 'Asia/Makassar', 'Asia/Jayapura'])('%s -> id', (zone) => {
    expect(marketingSiteFor(zone)).toBe('id');
  });

  it("legacy alias 'Asia/Ujung_Pandang' (Makassar) -> id", () => {
    expect(marketingSiteFor('Asia/Ujung_Pandang')).toBe('id');
  });

  it.each(['Asia/Kuala_Lumpur', 'Asia/Singapore', 'Asia/Kuching', 'Europe/London', 'UTC', 'Asia/Bangkok'])(
    '%s -> global',
    (zone) => {
      expect(marketingSiteFor(zone)).toBe('global');
    },
  );

  it("wrong case 'asia/jakarta', '' and undefined -> global", () => {
    expect(marketingSiteFor('asia/jakarta')).toBe('global');
    expect(marketingSiteFor('')).toBe('global');
    expect(marketingSiteFor(undefined)).toBe('global');
  });
});
