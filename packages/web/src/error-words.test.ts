import { describe, expect, it } from 'vitest';
import { ApiError, NoInternet, RequestTimeout, ServerMessage } from '@santap/api-client';
import { DomainError } from '@santap/domain';
import { createTranslator } from '@santap/i18n';
import { errorCodeOf, errorText, uiMessageOf } from './error-words';

const t = createTranslator('en');

describe('errorText: one wording of a failure in every app (spec §8)', () => {
  it('no connection -> No Internet Connection; a time-out -> the time-out sentence', () => {
    expect(errorText(new NoInternet(), t)).toBe(t('errors.noInternet'));
    expect(errorText(new RequestTimeout(25_000), t)).toBe(t('errors.timeout'));
  });

  it("a server message -> the server's own words; an empty one -> something went wrong", () => {
    expect(errorText(new ServerMessage('Kedai sudah tutup', undefined, 200), t)).toBe('Kedai sudah tutup');
    expect(errorText(new ServerMessage('  ', undefined, 200), t)).toBe(t('errors.somethingWentWrong'));
  });

  it('a catalogue code the server named -> its words; an unknown one or a plain Error -> something went wrong', () => {
    expect(errorText(new ApiError('x', 'errors.cartLocked', 409), t)).toBe(t('errors.cartLocked'));
    expect(errorText(new ApiError('x', 'errors.noSuchKey', 409), t)).toBe(t('errors.somethingWentWrong'));
    expect(errorText(new Error('boom'), t)).toBe(t('errors.somethingWentWrong'));
  });

  it('a rule the page checked itself (DomainError) -> its words with its values', () => {
    expect(errorText(new DomainError('errors.cartLocked'), t)).toBe(t('errors.cartLocked'));
  });
});

describe('uiMessageOf and errorCodeOf', () => {
  it('a failure as a catalogue key for a ui popup; the code the server named', () => {
    expect(uiMessageOf(new NoInternet())).toBe('errors.noInternet');
    expect(uiMessageOf(new ApiError('x', 'errors.cartLocked', 409))).toBe('errors.cartLocked');
    expect(uiMessageOf(new Error('boom'))).toBe('errors.somethingWentWrong');
    expect(errorCodeOf(new ApiError('x', 'errors.priceWarning', 409))).toBe('errors.priceWarning');
    expect(errorCodeOf(new Error('boom'))).toBeUndefined();
  });
});
