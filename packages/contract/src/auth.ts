import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const userSchema = z.object({
  user_id: z.number().int(),
  status: z.enum(['GUEST', 'ACTIVE']),
  phone: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  gender: z.enum(['male', 'female']).nullable(),
  is_corporate: z.boolean(),
  linked: z.object({ facebook: z.boolean(), google: z.boolean() }),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({
  token: z.string(),
  expires_epoch: z.number().int(),
  user: userSchema,
});

/** How a one-time code travels (spec §6). */
export const otpChannelSchema = z.enum(['sms', 'whatsapp']);
export type OtpChannel = z.infer<typeof otpChannelSchema>;

const phoneBody = z.object({
  phone: z.string().min(1).max(30),
  channel: otpChannelSchema.default('sms'),
  country: z.enum(['MY', 'ID']).optional(),
});

/**
 * The reply to sending or resending a code: when the next resend is allowed, when the code expires,
 * and the token that reads what became of it ({@link otpStatus}).
 */
const otpSentSchema = z.object({
  phone: z.string(),
  resend_after_seconds: z.number().int(),
  expires_in_seconds: z.number().int(),
  status_token: z.string(),
});

/** What became of a sent code, as far as its provider has told (its status callbacks). */
export const otpDeliverySchema = z.object({
  /** The channel the code travels by now (`sms` after WhatsApp failed and the server sent it by SMS). */
  channel: otpChannelSchema,
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  /** WhatsApp could not deliver the code, so the server sent a new one by SMS (the earlier one is void). */
  switched_to_sms: z.boolean(),
});
export type OtpDelivery = z.infer<typeof otpDeliverySchema>;

export const sendOtp = defineEndpoint({
  id: 'auth.sendOtp',
  method: 'POST',
  path: '/v1/user/send_otp',
  service: 'otp',
  access: 'none',
  summary: 'Send a one-time password by SMS or WhatsApp (rate limited per phone and IP).',
  body: phoneBody,
  data: otpSentSchema,
});

export const resendOtp = defineEndpoint({
  id: 'auth.resendOtp',
  method: 'POST',
  path: '/v1/user/resend_otp',
  service: 'otp',
  access: 'none',
  summary: 'Send the OTP again after the cooldown.',
  body: phoneBody,
  data: otpSentSchema,
});

export const otpChannels = defineEndpoint({
  id: 'auth.otpChannels',
  method: 'GET',
  path: '/v1/user/otp_channels',
  service: 'otp',
  access: 'none',
  summary:
    'The channels this server sends codes by (WhatsApp, SMS); none when login by mobile number is switched off here.',
  data: z.object({ channels: z.array(otpChannelSchema) }),
});

export const otpStatus = defineEndpoint({
  id: 'auth.otpStatus',
  method: 'GET',
  path: '/v1/user/otp_status',
  service: 'otp',
  access: 'none',
  summary:
    "What became of a sent code (sent, delivered, read, failed), by the send reply's `status_token`; says when WhatsApp failed and the code went by SMS instead. An unknown or altered token is 404.",
  query: z.object({ token: z.string().min(1).max(200) }),
  data: otpDeliverySchema,
});

export const verifyOtp = defineEndpoint({
  id: 'auth.verifyOtp',
  method: 'POST',
  path: '/v1/user/verify_otp',
  service: 'otp',
  access: 'none',
  summary:
    "Check the OTP; logs in (creating the user on first login) and carries a guest's cart and orders over.",
  body: phoneBody.pick({ phone: true, country: true }).extend({
    otp: z.string().min(1).max(10),
    guest_token: z.string().max(200).optional(),
  }),
  data: sessionSchema.extend({ is_new_user: z.boolean() }),
});

export const authTokenCustomer = defineEndpoint({
  id: 'auth.tokenCustomer',
  method: 'POST',
  path: '/user/auth_token_customer.php',
  service: 'main',
  access: 'user',
  summary: 'Who the auth token belongs to.',
  data: z.object({ user: userSchema }),
});

export const generateToken = defineEndpoint({
  id: 'auth.generateToken',
  method: 'POST',
  path: '/user_login/generate_token.php',
  service: 'main',
  access: 'user',
  summary: 'Exchange a valid auth token for a fresh one (the old one is revoked).',
  data: sessionSchema,
});

export const registerUser = defineEndpoint({
  id: 'auth.register',
  method: 'POST',
  path: '/user_login/register_user.php',
  service: 'main',
  access: 'user',
  summary:
    'Complete a registration (registered users only; a guest gets 403 and must log in with an OTP first): name, email, date of birth (18+, saved once) or a corporate entity. Absent fields stay as they are.',
  body: z.object({
    name: z.string().max(120),
    email: z.string().max(320).optional(),
    date_of_birth: z.string().max(20).optional(),
    gender: z.enum(['male', 'female']).optional(),
    is_corporate: z.boolean().optional(),
  }),
  data: z.object({ user: userSchema }),
});

export const registerGuest = defineEndpoint({
  id: 'auth.registerGuest',
  method: 'POST',
  path: '/api/user/register/guest',
  service: 'main',
  access: 'none',
  summary: 'A guest session (user status GUEST) for browsing and guest carts.',
  data: sessionSchema,
});

export const replaceGuest = defineEndpoint({
  id: 'auth.replaceGuest',
  method: 'POST',
  path: '/api/user/replace/guest',
  service: 'main',
  access: 'user',
  summary: "Move a guest's carts and orders to the logged-in user; the guest token stops working.",
  body: z.object({ guest_token: z.string().min(1).max(200) }),
  data: z.object({ moved_orders: z.number().int(), moved_carts: z.number().int() }),
});

export const signOut = defineEndpoint({
  id: 'auth.signOut',
  method: 'POST',
  path: '/user_login/signout.php',
  service: 'main',
  access: 'user',
  summary: 'Revoke the auth token.',
  data: z.object({}),
});

export const linkAccount = defineEndpoint({
  id: 'auth.link',
  method: 'POST',
  path: '/api/user/link/:provider',
  service: 'main',
  access: 'user',
  summary:
    "Link a Facebook or Google account after verifying its token through the provider adapter. Google: `nonce` is the one the diner put in the authorize URL, and must equal the ID token's `nonce` claim.",
  params: z.object({ provider: z.enum(['facebook', 'google']) }),
  body: z.object({
    token: z.string().min(1).max(4000),
    // Optional for Facebook (its tokens carry none); the Google adapter refuses a token without it.
    nonce: z.string().min(1).max(200).optional(),
  }),
  data: z.object({ user: userSchema }),
});

export const unlinkAccount = defineEndpoint({
  id: 'auth.unlink',
  method: 'DELETE',
  path: '/api/user/link/:provider',
  service: 'main',
  access: 'user',
  summary: 'Unlink a Facebook or Google account.',
  params: z.object({ provider: z.enum(['facebook', 'google']) }),
  data: z.object({ user: userSchema }),
});

export const devInbox = defineEndpoint({
  id: 'dev.inbox',
  method: 'GET',
  path: '/api/dev/inbox',
  service: 'secondary',
  access: 'none',
  summary: 'Development only (off in production): OTP messages and mails the dev senders kept.',
  query: z.object({ recipient: z.string().max(200).optional() }),
  data: z.object({
    messages: z.array(
      z.object({
        id: z.number(),
        channel: z.string(),
        recipient: z.string(),
        subject: z.string().nullable(),
        body: z.string(),
        created_epoch: z.number(),
      }),
    ),
  }),
});
