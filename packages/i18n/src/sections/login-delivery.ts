import { defineSection } from './define';

/**
 * The diner's login page on what happens to the code after it left (apps/api docs, Messaging and
 * OTP): the one channel a server offers, and what the page learns from the code's delivery status
 * (WhatsApp could not deliver it and the server sent it by SMS, or it could not be delivered at all).
 */
export const loginDeliverySection = defineSection({
  en: {
    'auth.channelOnlyWhatsapp': 'Your code will come on WhatsApp',
    'auth.channelOnlySms': 'Your code will come by SMS',
    'auth.fellBackToSms': "WhatsApp couldn't deliver the code; we sent it by SMS to {{phone}}",
    'auth.undeliveredWhatsapp':
      "WhatsApp couldn't deliver the code to {{phone}}. Check the number, or try again later",
    'auth.undeliveredSms':
      "The SMS with your code couldn't be delivered to {{phone}}. Check the number and try again",
  },
  id: {
    'auth.channelOnlyWhatsapp': 'Kode akan dikirim lewat WhatsApp',
    'auth.channelOnlySms': 'Kode akan dikirim lewat SMS',
    'auth.fellBackToSms':
      'WhatsApp tidak dapat mengirimkan kode; kami sudah mengirimnya lewat SMS ke {{phone}}',
    'auth.undeliveredWhatsapp':
      'WhatsApp tidak dapat mengirimkan kode ke {{phone}}. Periksa nomornya, atau coba lagi nanti',
    'auth.undeliveredSms':
      'SMS berisi kode Anda tidak dapat terkirim ke {{phone}}. Periksa nomornya dan coba lagi',
  },
  my: {
    'auth.channelOnlyWhatsapp': 'Kod akan dihantar melalui WhatsApp',
    'auth.channelOnlySms': 'Kod akan dihantar melalui SMS',
    'auth.fellBackToSms':
      'WhatsApp tidak dapat menghantar kod; kami telah menghantarnya melalui SMS ke {{phone}}',
    'auth.undeliveredWhatsapp':
      'WhatsApp tidak dapat menghantar kod ke {{phone}}. Semak nombor, atau cuba lagi nanti',
    'auth.undeliveredSms':
      'SMS yang mengandungi kod anda tidak dapat dihantar ke {{phone}}. Semak nombor dan cuba lagi',
  },
});
