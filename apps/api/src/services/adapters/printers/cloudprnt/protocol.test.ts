/** Star CloudPRNT protocol, pure: inputs shaped as Star's manual shows them (README of this folder). */
import { describe, expect, it } from 'vitest';
import {
  STARPRNT_MEDIA_TYPE,
  parseConfirmation,
  parseJobRequest,
  parsePoll,
  parseStatusCode,
  pollReply,
  stateOfCode,
} from './protocol';

describe('CloudPRNT protocol', () => {
  it("the manual's poll (URL-encoded statusCode, printerMAC, printingInProgress) -> code, words, mac", () => {
    expect(
      parsePoll({
        status: '23 86 00 00 00 00 00 00 00',
        printerMAC: '00:11:62:1d:9a:b7',
        statusCode: '200%20OK',
        printingInProgress: false,
        clientAction: null,
      }),
    ).toEqual({ code: 200, description: 'OK', printingInProgress: false, printerMac: '00:11:62:1d:9a:b7' });
    expect(parseStatusCode('211 Paper Low')).toEqual({ code: 211, description: 'Paper Low' });
  });

  it('a poll with no readable statusCode, or not an object -> null (refused, the queue untouched)', () => {
    for (const body of [
      null,
      'status',
      [],
      {},
      { statusCode: 200 },
      { statusCode: 'OK' },
      { statusCode: '20' },
    ])
      expect(parsePoll(body)).toBeNull();
    expect(parsePoll({ statusCode: '200 OK', printingInProgress: 'yes' })).toBeNull();
  });

  it("status codes -> states, by Star's families (21x warning, 410, 42x, 4xx, 5xx is the job's)", () => {
    expect([200, 201, 211, 210, 410, 411, 420, 430, 510, 520].map(stateOfCode)).toEqual([
      'online',
      'online',
      'paper_low',
      'paper_low',
      'paper_out',
      'error',
      'cover_open',
      'error',
      'online',
      'online',
    ]);
  });

  it('the poll reply -> jobReady with the StarPRNT media type and the token, or jobReady false', () => {
    expect(pollReply({ token: '41' })).toEqual({
      jobReady: true,
      mediaTypes: [STARPRNT_MEDIA_TYPE],
      jobToken: '41',
    });
    expect(pollReply(null)).toEqual({ jobReady: false });
  });

  it('the job request and the confirmation queries', () => {
    expect(parseJobRequest({ uid: 'x', type: STARPRNT_MEDIA_TYPE, mac: 'm', token: '41' })).toEqual({
      type: STARPRNT_MEDIA_TYPE,
      token: '41',
    });
    expect(parseJobRequest({ mac: 'm' })).toBeNull();
    expect(parseConfirmation({ code: '200 OK', token: '41' })).toEqual({
      confirmation: { outcome: 'printed', code: 200 },
      token: '41',
    });
    expect(parseConfirmation({ code: 'OK' })?.confirmation.outcome).toBe('printed');
    expect(parseConfirmation({ code: '520 Timeout' })?.confirmation.outcome).toBe('retry');
    expect(parseConfirmation({ code: '410 Out of paper' })?.confirmation.outcome).toBe('retry');
    expect(parseConfirmation({ code: '510' })?.confirmation).toEqual({
      outcome: 'failed',
      code: 510,
      reason: 'media',
    });
    expect(parseConfirmation({ code: '521' })?.confirmation).toEqual({
      outcome: 'failed',
      code: 521,
      reason: 'too_large',
    });
    expect(parseConfirmation({ code: 'printed' })).toBeNull();
    expect(parseConfirmation({})).toBeNull();
  });
});
