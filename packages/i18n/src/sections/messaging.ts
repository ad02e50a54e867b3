import { defineSection } from './define';

/**
 * Words the API server sends to a diner's phone itself (README of `apps/api`, Messaging): the OTP text
 * message of the SMS gateways and the dev inbox. A WhatsApp message's words live in its approved
 * template at Meta (same words, per language); the server fills only the parameters. Prefix `message.`.
 */
export const messagingSection = defineSection({
  en: {
    'message.otpSms':
      'Your Santap verification code is {{code}}. It expires in {{minutes}} minutes. Do not share it.',
  },
  id: {
    'message.otpSms':
      'Kode verifikasi Santap Anda adalah {{code}}. Berlaku {{minutes}} menit. Jangan bagikan kode ini.',
  },
  my: {
    'message.otpSms':
      'Kod pengesahan Santap anda ialah {{code}}. Sah selama {{minutes}} minit. Jangan kongsi kod ini.',
  },
});
