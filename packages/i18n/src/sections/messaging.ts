import { defineSection } from './define';

/**
 * Words the API server sends to a diner's phone itself (README of `apps/api`, Messaging): the OTP text
 * message of the SMS gateways and the dev inbox, and the words an order update's WhatsApp template gets
 * as a parameter (what happens to the money of a declined order). A WhatsApp message's other words live
 * in its approved template at Meta (same words, per language); the server fills only the parameters.
 * Prefix `message.`.
 */
export const messagingSection = defineSection({
  en: {
    'message.otpSms':
      'Your Santap verification code is {{code}}. It expires in {{minutes}} minutes. Do not share it.',
    'message.orderRefund': 'Your payment of {{amount}} will be refunded within {{days}}.',
    'message.orderNotCharged': 'You have not been charged.',
  },
  id: {
    'message.otpSms':
      'Kode verifikasi Santap Anda adalah {{code}}. Berlaku {{minutes}} menit. Jangan bagikan kode ini.',
    'message.orderRefund': 'Pembayaran Anda sebesar {{amount}} akan dikembalikan dalam {{days}}.',
    'message.orderNotCharged': 'Anda tidak dikenai biaya.',
  },
  my: {
    'message.otpSms':
      'Kod pengesahan Santap anda ialah {{code}}. Sah selama {{minutes}} minit. Jangan kongsi kod ini.',
    'message.orderRefund': 'Bayaran anda sebanyak {{amount}} akan dikembalikan dalam tempoh {{days}}.',
    'message.orderNotCharged': 'Anda tidak dikenakan sebarang caj.',
  },
});
