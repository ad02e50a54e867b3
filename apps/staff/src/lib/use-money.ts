import { useCallback } from 'react';
import { formatMoney } from '@santap/domain';
import type { Currency } from '@santap/domain';
import { useUiTranslation } from '@santap/ui';

/** `formatMoney` in the console's language, for words that carry an amount ('Record cash RM 13.90'). */
export function useMoney() {
  const { language } = useUiTranslation();
  return useCallback(
    (minor: number, currency: Currency) => formatMoney(minor, currency, language),
    [language],
  );
}

/** A fresh Idempotency-Key (`getRandomValues` works outside a secure context too, unlike `randomUUID`). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
