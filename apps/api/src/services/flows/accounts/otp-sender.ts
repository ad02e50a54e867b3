/**
 * The OTP sender of a server (apps/api docs, Messaging and OTP): the channel the diner chose (spec §6:
 * SMS or WhatsApp) through the provider configured for it, every attempt stored in `message_deliveries`
 * with the provider's message id (its later statuses arrive by webhook). A refusal becomes the
 * diner's words, naming the channel that failed: a WhatsApp failure offers SMS at once where SMS is
 * configured (`errors.otpWhatsappFailed`, and the code's challenge is marked undelivered so the resend
 * cooldown does not apply), else asks to try again (`errors.otpWhatsappUnavailable`); an SMS gateway
 * down asks to try again; a number no gateway can reach asks to check it. The code is never logged or
 * stored.
 */
import { MESSAGE } from '@santap/domain';
import type { Language } from '@santap/domain';
import { createTranslator } from '@santap/i18n';
import type { AppContext } from '../../context';
import { ApiFailure } from '../../../lib/errors';
import { OTP_TTL_SECONDS, devOtpSender, noOtpSender } from './otp';
import type { OtpChannel, OtpSender } from './otp';
import { recordDelivery } from '../messaging/deliveries';
import type { Messaging } from '../../adapters/messaging/messaging';
import type { SendOutcome } from '../../adapters/messaging/provider';
import { otpTemplateMessage } from '../../adapters/messaging/whatsapp/whatsapp-cloud';

/** The OTP text message in the diner's language (the SMS gateways and the dev inbox). */
export function otpText(lang: Language, code: string): string {
  return createTranslator(lang)('message.otpSms', { code, minutes: OTP_TTL_SECONDS / 60 });
}

/** The last digits of a number, enough to tell attempts apart in a log without writing the number. */
const tail = (phone: string) => `…${phone.slice(-4)}`;

/** The diner's words for a refused send: always about the channel that failed. */
export function failureFor(
  channel: OtpChannel,
  outcome: Extract<SendOutcome, { ok: false }>,
  smsOffered: boolean,
) {
  if (channel === 'whatsapp') {
    if (smsOffered) return new ApiFailure(MESSAGE.otpWhatsappFailed, 422);
    if (outcome.reason === 'recipient') return new ApiFailure(MESSAGE.otpNumberUnreachable, 422);
    return new ApiFailure(MESSAGE.otpWhatsappUnavailable, 503);
  }
  if (outcome.code === 'not_configured') return new ApiFailure(MESSAGE.otpSmsNotOffered, 422);
  if (outcome.reason === 'recipient') return new ApiFailure(MESSAGE.otpNumberUnreachable, 422);
  return new ApiFailure(MESSAGE.otpSmsFailed, 503);
}

/** The configured sender: the dev inbox (demo, development), the real providers, or none (login off). */
export function otpSenderFor(ctx: AppContext, messaging: Messaging): OtpSender {
  const senders = messaging.config.otpSenders;
  if (senders.includes('dev')) return devOtpSender(ctx);
  const whatsappOffered =
    senders.includes('whatsapp') && Boolean(messaging.whatsapp && messaging.config.whatsapp);
  const smsOffered = senders.includes('sms') && Boolean(messaging.sms);
  const channels: OtpChannel[] = [
    ...(whatsappOffered ? (['whatsapp'] as const) : []),
    ...(smsOffered ? (['sms'] as const) : []),
  ];
  if (channels.length === 0) return noOtpSender;
  return {
    channels,
    async send(phone, channel, code, lang, challengeId) {
      const whatsapp = whatsappOffered ? messaging.whatsapp : undefined;
      const sms = smsOffered ? messaging.sms : undefined;
      const provider = channel === 'whatsapp' ? 'whatsapp_cloud' : (sms?.name ?? 'twilio');
      let outcome: SendOutcome;
      if (channel === 'whatsapp' && whatsapp && messaging.config.whatsapp) {
        outcome = await whatsapp.sendTemplate(
          otpTemplateMessage(phone, messaging.config.whatsapp.otpTemplate, lang, code),
        );
      } else if (channel === 'sms' && sms) {
        outcome = await sms.send(phone, otpText(lang, code));
      } else {
        outcome = {
          ok: false,
          reason: 'unavailable',
          code: 'not_configured',
          detail: `no ${channel} sender`,
        };
      }
      await recordDelivery(
        ctx.db,
        {
          purpose: 'otp',
          channel,
          provider,
          recipient: phone,
          ...(challengeId !== undefined ? { otpChallengeId: challengeId } : {}),
          status: outcome.ok ? 'sent' : 'failed',
          ...(outcome.ok ? { providerMessageId: outcome.messageId } : { errorCode: outcome.code }),
        },
        ctx.now(),
      );
      if (outcome.ok) {
        ctx.log.info(
          { channel, provider, to: tail(phone), messageId: outcome.messageId },
          'OTP handed to provider',
        );
        return;
      }
      ctx.log.warn(
        {
          channel,
          provider,
          to: tail(phone),
          reason: outcome.reason,
          code: outcome.code,
          detail: outcome.detail,
        },
        'OTP delivery refused',
      );
      throw failureFor(channel, outcome, smsOffered);
    },
  };
}
