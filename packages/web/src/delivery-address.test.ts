import { describe, expect, it } from 'vitest';
import { readDeliveryAddress } from './delivery-address';

describe('readDeliveryAddress', () => {
  it('line, [lng, lat], house and an empty landmark -> the address without the landmark', () => {
    expect(
      readDeliveryAddress({ line: 'Jalan Ampang 1', location: [101.7, 3.15], house: 'A-3', landmark: '' }),
    ).toEqual({ line: 'Jalan Ampang 1', location: [101.7, 3.15], house: 'A-3' });
  });

  it('no line, an empty line, a location that is not two numbers, or not an object -> undefined', () => {
    expect(readDeliveryAddress({ location: [101.7, 3.15] })).toBeUndefined();
    expect(readDeliveryAddress({ line: '', location: [101.7, 3.15] })).toBeUndefined();
    expect(readDeliveryAddress({ line: 'Jalan Ampang 1', location: [101.7] })).toBeUndefined();
    expect(readDeliveryAddress({ line: 'Jalan Ampang 1', location: ['101.7', 3.15] })).toBeUndefined();
    expect(readDeliveryAddress('Jalan Ampang 1')).toBeUndefined();
    expect(readDeliveryAddress(null)).toBeUndefined();
  });

  it('a part that is not text (city 42) -> left out', () => {
    expect(readDeliveryAddress({ line: 'Jalan Ampang 1', location: [101.7, 3.15], city: 42 })).toEqual({
      line: 'Jalan Ampang 1',
      location: [101.7, 3.15],
    });
  });
});
