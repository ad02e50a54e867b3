/**
 * The diner's profile (spec §7 'Profile'): the header of the profile home, the full profile, its
 * changes, and a phone change confirmed by a one-time code sent to the new number.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { userSchema } from '../auth';

/** A diner's full profile: the auth `User` plus what the profile screens need to decide. */
export const profileSchema = userSchema.extend({
  /** An OTP-verified diner (status ACTIVE); a guest can read but not change a profile. */
  registered: z.boolean(),
  /** The date of birth is saved (it can never be changed afterwards: show it read-only). */
  date_of_birth_set: z.boolean(),
  created_epoch: z.number().int(),
  /**
   * The diner agreed to order updates on WhatsApp (confirmed, declined, ready; bookings confirmed and
   * reminded). Off until they turn it on; replying STOP on WhatsApp turns it off.
   */
  whatsapp_updates: z.boolean().default(false),
});
export type Profile = z.infer<typeof profileSchema>;

export const basicProfile = defineEndpoint({
  id: 'account.basicProfile',
  method: 'GET',
  path: '/api/user/basic-profile',
  service: 'main',
  access: 'user',
  summary:
    "The profile home's header: the caller's name, phone, whether registered, whether the date of birth is set, corporate or not.",
  data: z.object({
    user_id: z.number().int(),
    status: z.enum(['GUEST', 'ACTIVE']),
    registered: z.boolean(),
    name: z.string().nullable(),
    phone: z.string().nullable(),
    date_of_birth_set: z.boolean(),
    is_corporate: z.boolean(),
  }),
});

export const userInfo = defineEndpoint({
  id: 'account.userInfo',
  method: 'GET',
  path: '/api/user/info',
  service: 'main',
  access: 'user',
  summary:
    "The caller's full profile: name, email, phone, date of birth (and whether it is set), gender, corporate, linked Facebook / Google accounts.",
  data: z.object({ user: profileSchema }),
});

export const updateUserDetails = defineEndpoint({
  id: 'account.updateUserDetails',
  method: 'POST',
  path: '/user_login/update_user_details.php',
  service: 'main',
  access: 'user',
  summary:
    "Change the caller's name (3+ characters), email (empty removes it), gender, date of birth (18+, saved once: the same value again is fine, another is refused) or whether they get order updates on WhatsApp (whatsapp_updates). Absent fields stay as they are. Registered diners only (a guest gets 403). The phone changes through request-otp and verify.",
  body: z.object({
    name: z.string().max(200).optional(),
    email: z.string().max(400).optional(),
    gender: z.enum(['male', 'female']).optional(),
    /** 'YYYY-MM-DD'. */
    date_of_birth: z.string().max(20).optional(),
    /** Order updates on WhatsApp: true agrees (explicitly, at checkout or in the account), false stops them. */
    whatsapp_updates: z.boolean().optional(),
  }),
  data: z.object({ user: profileSchema }),
});

const newPhoneBody = z.object({
  /** The new number as typed (national or international; stored in E.164). */
  phone: z.string().max(40),
  /** The country a national number belongs to (default: the caller's country). */
  country: z.enum(['MY', 'ID']).optional(),
});

export const phoneChangeRequest = defineEndpoint({
  id: 'account.phoneChangeRequest',
  method: 'POST',
  path: '/api/user/phone/request-otp',
  service: 'otp',
  access: 'user',
  summary:
    "Send a one-time code to the new number (same limits as login: cooldown, hourly caps). Refused when the number is the caller's own or another diner's. Registered diners only.",
  body: newPhoneBody.extend({ channel: z.enum(['sms', 'whatsapp']).default('sms') }),
  data: z.object({
    phone: z.string(),
    resend_after_seconds: z.number().int(),
    expires_in_seconds: z.number().int(),
  }),
});

export const phoneChangeVerify = defineEndpoint({
  id: 'account.phoneChangeVerify',
  method: 'POST',
  path: '/api/user/phone/verify',
  service: 'otp',
  access: 'user',
  summary:
    'Confirm the new number with the code it received; the profile then carries it (login uses the new number from now on). A number another diner took meanwhile is refused.',
  body: newPhoneBody.extend({ otp: z.string().max(10) }),
  data: z.object({ user: profileSchema }),
});
