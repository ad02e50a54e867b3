/**
 * The account's pieces that need the validation rules of `@santap/domain` (zod and the phone-number
 * metadata, about 30 KB gzipped): the phone change, date of birth and email invoice popups and the
 * profile form's rules. Loaded on demand through `lazy-validated.tsx`, so the account pages stay
 * within the size budget of a lazy route (60 KB).
 */
export { DateOfBirthPopup, PhoneChangePopup } from '@santap/ui';
export { EmailInvoiceDialog } from './email-invoice-dialog';
export { profileErrors } from '../../../lib/profile-rules';
