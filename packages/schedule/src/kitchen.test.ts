import { describe, expect, it } from 'vitest';
import { kitchenReleaseAt } from './kitchen';
import { generateSlots } from './slots';
import { allTypes, everyDay, localEpoch, localInstant, openDay } from './test-fixtures';

describe('kitchenReleaseAt', () => {
  it('19:30 slot epoch -> 19:15', () => {
    const slotStart = localEpoch('2025-03-14T19:30', 'Asia/Jakarta');
    expect(kitchenReleaseAt(slotStart)).toBe(localEpoch('2025-03-14T19:15', 'Asia/Jakarta'));
  });

  it('00:00 slot -> 23:45 of the previous local day', () => {
    expect(kitchenReleaseAt(localEpoch('2025-03-15T00:00', 'Asia/Jayapura'))).toBe(
      localEpoch('2025-03-14T23:45', 'Asia/Jayapura'),
    );
  });

  it('generated slot object -> its epoch minus 900 seconds', () => {
    const [slot] = generateSlots({
      timings: allTypes(everyDay(openDay([0, 1440]))),
      orderType: 2,
      now: localInstant('2025-03-14T10:40', 'Asia/Kuala_Lumpur'),
      timeZone: 'Asia/Kuala_Lumpur',
      days: 1,
    });
    if (!slot) throw new Error('fixture has slots');
    expect(kitchenReleaseAt(slot)).toBe(slot.epoch - 900);
    expect(kitchenReleaseAt(slot)).toBe(localEpoch('2025-03-14T11:15', 'Asia/Kuala_Lumpur'));
  });
});
