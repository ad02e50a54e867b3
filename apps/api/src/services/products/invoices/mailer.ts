/**
 * How invoice mails leave the server (ARCHITECTURE "Real parts"): nodemailer over SMTP when
 * `SMTP_URL` is set; otherwise the dev mailbox, rows in `dev_inbox` browsable in development
 * (`GET /api/dev/inbox`, `GET /api/dev/mail/:id`); with neither (production without SMTP) every send
 * fails, and the caller answers "Couldn't Send Invoice".
 */
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { devInbox } from '../../../db/schema';
import type { AppContext } from '../../context';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}

/** Sends one mail or throws; the message of what it throws is recorded with the failed send. */
export interface MailTransport {
  readonly kind: 'smtp' | 'dev-mailbox' | 'none' | 'test';
  send(mail: OutgoingMail): Promise<void>;
}

/** Nodemailer over SMTP; one pooled transporter per URL for the life of the process. */
const smtpTransporters = new Map<string, Transporter>();

export function smtpTransport(smtpUrl: string): MailTransport {
  let transporter = smtpTransporters.get(smtpUrl);
  if (!transporter) {
    transporter = nodemailer.createTransport(smtpUrl);
    smtpTransporters.set(smtpUrl, transporter);
  }
  const sender = transporter;
  return {
    kind: 'smtp',
    async send(mail) {
      await sender.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: mail.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content),
        })),
      });
    },
  };
}

/** The dev mailbox: the mail is stored (HTML body, attachments as base64) instead of sent. */
export function devMailboxTransport(ctx: AppContext): MailTransport {
  return {
    kind: 'dev-mailbox',
    async send(mail) {
      await ctx.db.insert(devInbox).values({
        channel: 'email',
        recipient: mail.to,
        subject: mail.subject,
        body: mail.html,
        attachments: mail.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          base64: Buffer.from(a.content).toString('base64'),
        })),
        createdAt: ctx.now(),
      });
    },
  };
}

/** No SMTP and no dev mailbox (production without SMTP_URL): nothing can be sent. */
export const noMailTransport: MailTransport = {
  kind: 'none',
  send() {
    return Promise.reject(new Error('no mail transport configured (set SMTP_URL)'));
  },
};

let testTransport: ((ctx: AppContext) => MailTransport) | undefined;

/**
 * Tests only: replaces the transport of every server in this process (e.g. one that throws, to see
 * "Couldn't Send Invoice"); `undefined` restores the configured one. Config stays plain data, and the
 * test harness builds servers from it, so this is the seam tests use.
 */
export function replaceMailTransportForTests(factory: ((ctx: AppContext) => MailTransport) | undefined) {
  testTransport = factory;
}

/** The transport the config asks for: SMTP, else the dev mailbox in development, else none. */
export function mailTransportFor(ctx: AppContext): MailTransport {
  if (testTransport) return testTransport(ctx);
  const smtpUrl = ctx.config.mail?.smtpUrl;
  if (smtpUrl) return smtpTransport(smtpUrl);
  return ctx.config.devInbox ? devMailboxTransport(ctx) : noMailTransport;
}

/** The From address of invoice mails. */
export function mailFrom(ctx: AppContext): string {
  return ctx.config.mail?.from ?? 'Santap <no-reply@santap.localhost>';
}
