import { lazy, useEffect } from 'react';
import { whenIdle } from '../../../lib/when-idle';

const load = () => import('./validated');

/** The phone change popup of `@santap/ui`, loaded with the validation rules (render it in `Suspense`). */
export const LazyPhoneChangePopup = lazy(() =>
  load().then((module) => ({ default: module.PhoneChangePopup })),
);
/** The date of birth popup of `@santap/ui`, loaded with the validation rules. */
export const LazyDateOfBirthPopup = lazy(() =>
  load().then((module) => ({ default: module.DateOfBirthPopup })),
);
/** The email invoice dialog, loaded with the validation rules. */
export const LazyEmailInvoiceDialog = lazy(() =>
  load().then((module) => ({ default: module.EmailInvoiceDialog })),
);

/** The profile form's rules (name, email), loaded with the validation rules. */
export const loadProfileErrors = () => load().then((module) => module.profileErrors);

/** Fetches the validation chunk once the page is idle, so the first tap or save does not wait for it. */
export function usePrefetchValidated() {
  useEffect(() => whenIdle(() => void load().catch(() => undefined)), []);
}
