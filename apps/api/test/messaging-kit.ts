/** The WhatsApp Cloud API keys of the API tests (the recorded fixtures were signed and sent with them). */
import type { WhatsAppConfig } from '../src/services/adapters/messaging/config';

export const TEST_WHATSAPP: WhatsAppConfig = {
  accessToken: 'EAAtest-santap-whatsapp-token',
  phoneNumberId: '109876543210987',
  appSecret: 'test-app-secret-0001',
  verifyToken: 'santap-verify-0001',
  otpTemplate: 'santap_otp',
  templatePrefix: 'santap_',
};
