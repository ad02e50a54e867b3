import { describe, expect, it } from 'vitest';
import { menuLinkPath, restaurantQrPath, SETTING_QR_SUFFIX } from './targets';

describe('restaurantQrPath', () => {
  it('setting QR -> /r/{nameid}/ plus SETTING_QR_SUFFIX (?setting=1)', () => {
    expect(SETTING_QR_SUFFIX).toBe('?setting=1');
    expect(restaurantQrPath({ kind: 'setting', restaurantId: '1001' }, 'kedai')).toBe('/r/kedai/?setting=1');
  });

  it('takeaway QR -> /r/{nameid}/3/ta', () => {
    expect(restaurantQrPath({ kind: 'takeaway', restaurantId: '1001' }, 'kedai')).toBe('/r/kedai/3/ta');
  });

  it('dine-in table QR -> /r/{nameid}/1 with source=qr, tableId and tableNo', () => {
    expect(restaurantQrPath({ kind: 'table', restaurantId: '1001', tableId: '5003' }, 'kedai')).toBe(
      '/r/kedai/1?source=qr&tableId=5003&tableNo=5003',
    );
  });

  it('delivery table QR with a table id -> /r/{nameid}/2 without table query', () => {
    expect(
      restaurantQrPath({ kind: 'table', restaurantId: '1001', tableId: '5003', orderType: 2 }, 'kedai'),
    ).toBe('/r/kedai/2');
  });

  it('names and table ids with reserved characters -> URL-encoded', () => {
    expect(restaurantQrPath({ kind: 'table', restaurantId: '1', tableId: 'A&1' }, 'kedai/ä b')).toBe(
      '/r/kedai%2F%C3%A4%20b/1?source=qr&tableId=A%261&tableNo=A%261',
    );
  });
});

describe('menuLinkPath', () => {
  it('name only -> /r/{name}', () => {
    expect(menuLinkPath('kedai')).toBe('/r/kedai');
  });

  it('name and ot -> /r/{name}/{ot}', () => {
    expect(menuLinkPath('kedai', 3)).toBe('/r/kedai/3');
  });

  it('name, date and slot -> /r/{name}?date=…&slot=…', () => {
    expect(menuLinkPath('kedai', undefined, '2026-01-02', '720')).toBe('/r/kedai?date=2026-01-02&slot=720');
  });

  it('ot together with date and slot -> both kept', () => {
    expect(menuLinkPath('kedai', 2, '2026-01-02', '720')).toBe('/r/kedai/2?date=2026-01-02&slot=720');
  });

  it('date without slot, or slot without date -> dropped (order stays ASAP)', () => {
    expect(menuLinkPath('kedai', 2, '2026-01-02')).toBe('/r/kedai/2');
    expect(menuLinkPath('kedai', undefined, '', '720')).toBe('/r/kedai');
  });
});
