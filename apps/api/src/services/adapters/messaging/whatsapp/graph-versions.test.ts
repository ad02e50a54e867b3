import { describe, expect, it } from 'vitest';
import {
  GRAPH_API_VERSIONS,
  GRAPH_VERSION_WARN_DAYS,
  WHATSAPP_DEFAULT_VERSION,
  graphVersionNotice,
} from './graph-versions';
import { messagingStartNotices } from '../messaging';
import { TEST_WHATSAPP } from '../../../../../test/messaging-kit';

const TODAY = new Date('2026-12-07T09:00:00Z');

describe('Graph API version ends', () => {
  it('v21.0 (the old default) on 2026-12-07 -> a warning: it ends on 21 January 2027, in 46 days', () => {
    expect(graphVersionNotice('v21.0', TODAY)).toMatchObject({
      level: 'warn',
      days: 46,
      endsOn: '2027-01-21',
      message: expect.stringMatching(/v21\.0 ends on 2027-01-21 .*WHATSAPP_API_VERSION/),
    });
  });

  it('the default version -> served until well past 2027, nothing to say today or through 2027', () => {
    expect(WHATSAPP_DEFAULT_VERSION).toBe('v25.0');
    expect(String(GRAPH_API_VERSIONS[WHATSAPP_DEFAULT_VERSION]?.endsOn) > '2028-01-01').toBe(true);
    expect(graphVersionNotice(WHATSAPP_DEFAULT_VERSION, TODAY)).toBeUndefined();
    expect(graphVersionNotice(WHATSAPP_DEFAULT_VERSION, new Date('2027-12-31T00:00:00Z'))).toBeUndefined();
  });

  it(`the warning starts ${GRAPH_VERSION_WARN_DAYS} days before the end, an error once it has ended`, () => {
    const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
    expect(graphVersionNotice('v22.0', day('2027-03-21'))).toBeUndefined();
    expect(graphVersionNotice('v22.0', day('2027-03-22'))).toMatchObject({ level: 'warn', days: 60 });
    expect(graphVersionNotice('v22.0', day('2027-05-20'))).toMatchObject({ level: 'warn', days: 1 });
    expect(graphVersionNotice('v22.0', day('2027-05-21'))).toMatchObject({
      level: 'error',
      message: expect.stringMatching(/ended on 2027-05-20/),
    });
    expect(graphVersionNotice('v20.0', TODAY)?.level).toBe('error');
  });

  it('a version with no announced end, or newer than the table -> nothing said', () => {
    expect(graphVersionNotice('v26.0', TODAY)).toBeUndefined();
    expect(graphVersionNotice('v31.0', TODAY)).toBeUndefined();
  });

  it('start notices: WhatsApp on v21.0 -> the warning; on the default -> none; no OTP sender -> login is off', () => {
    const on = (version?: string) =>
      messagingStartNotices(
        { otpSenders: ['whatsapp'], whatsapp: { ...TEST_WHATSAPP, ...(version ? { version } : {}) } },
        TODAY,
      );
    expect(on('v21.0')).toEqual([{ level: 'warn', message: expect.stringContaining('v21.0 ends') }]);
    expect(on()).toEqual([]);
    expect(messagingStartNotices({ otpSenders: [] }, TODAY)).toEqual([
      { level: 'warn', message: expect.stringContaining('login by mobile number is off') },
    ]);
  });
});
