/**
 * `message_deliveries`: every message handed to a provider, and its status from the provider's reply
 * and signed callbacks. A status only moves forward ({@link statusMovesForward}), so a callback
 * delivered twice or out of order changes nothing the second time (replay-safe by construction).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { messageDeliveries, otpChallenges } from '../../../db/schema';
import { statusMovesForward } from '../../adapters/messaging/provider';
import type {
  DeliveryStatus,
  DeliveryStatusUpdate,
  MessageChannel,
  MessagingProviderName,
} from '../../adapters/messaging/provider';

export interface DeliveryRecord {
  purpose: 'otp' | 'order_update';
  channel: MessageChannel;
  provider: MessagingProviderName;
  recipient: string;
  otpChallengeId?: number;
  userId?: number;
  status: DeliveryStatus;
  providerMessageId?: string;
  errorCode?: string;
}

export async function recordDelivery(db: Db, record: DeliveryRecord, now: Date) {
  await db.insert(messageDeliveries).values({
    purpose: record.purpose,
    channel: record.channel,
    provider: record.provider,
    recipient: record.recipient,
    otpChallengeId: record.otpChallengeId ?? null,
    userId: record.userId ?? null,
    status: record.status,
    providerMessageId: record.providerMessageId ?? null,
    errorCode: record.errorCode ?? null,
    attempts: 1,
    createdAt: now,
    updatedAt: now,
  });
}

/** The deliveries of one OTP challenge, oldest first (a WhatsApp attempt, then the SMS sent after it failed). */
export function otpDeliveries(db: Db, otpChallengeId: number) {
  return db
    .select({ channel: messageDeliveries.channel, status: messageDeliveries.status })
    .from(messageDeliveries)
    .where(eq(messageDeliveries.otpChallengeId, otpChallengeId))
    .orderBy(asc(messageDeliveries.id));
}

export interface AppliedStatuses {
  applied: number;
  ignored: number;
  /**
   * OTP challenges whose WhatsApp code the provider just gave up on: the caller may send them again
   * by SMS (the accounts flow does; this floor does not reach up to it).
   */
  whatsappOtpFailures: number[];
}

/**
 * Applies a provider's status callbacks: each to the delivery with that provider message id, when it
 * moves the status forward. Answers how many changed (an unknown id is counted as ignored: a message
 * sent by another system on the same number, or one older than this database).
 */
export async function applyDeliveryStatuses(
  db: Db,
  provider: MessagingProviderName,
  updates: DeliveryStatusUpdate[],
  now: Date,
): Promise<AppliedStatuses> {
  let applied = 0;
  const whatsappOtpFailures: number[] = [];
  for (const update of updates) {
    const changed = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: messageDeliveries.id,
          channel: messageDeliveries.channel,
          status: messageDeliveries.status,
          otpChallengeId: messageDeliveries.otpChallengeId,
        })
        .from(messageDeliveries)
        .where(
          and(
            eq(messageDeliveries.provider, provider),
            eq(messageDeliveries.providerMessageId, update.messageId),
          ),
        )
        .for('update');
      if (!row || !statusMovesForward(row.status as DeliveryStatus, update.status)) return false;
      await tx
        .update(messageDeliveries)
        .set({ status: update.status, errorCode: update.errorCode ?? null, updatedAt: now })
        .where(eq(messageDeliveries.id, row.id));
      // An OTP the provider gave up on was never received: the diner may ask for it again at once, and
      // it does not count against the phone's limit. Only while the challenge's code is still the one
      // of this delivery's channel (a late WhatsApp failure after the SMS went out changes nothing).
      if (update.status === 'failed' && row.otpChallengeId !== null) {
        const marked = await tx
          .update(otpChallenges)
          .set({ deliveryFailedAt: now })
          .where(and(eq(otpChallenges.id, row.otpChallengeId), eq(otpChallenges.channel, row.channel)))
          .returning({ id: otpChallenges.id });
        if (marked.length > 0 && row.channel === 'whatsapp') whatsappOtpFailures.push(row.otpChallengeId);
      }
      return true;
    });
    if (changed) applied++;
  }
  return { applied, ignored: updates.length - applied, whatsappOtpFailures };
}
