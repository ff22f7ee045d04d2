import { createTransport } from 'nodemailer';
import type { MessageSender } from './messages';

export interface SmtpOptions {
  /** e.g. smtp://user:pass@mail.example.com:587 or smtps://... (nodemailer's connection URL). */
  url: string;
  /** The From address. */
  from: string;
  /** Sends the SMS, which SMTP cannot. */
  sms: Pick<MessageSender, 'sendSms'>;
}

/** E-mail through an SMTP server (nodemailer: pooling, STARTTLS, auth); SMS through `sms`. */
export function smtpMessageSender(options: SmtpOptions): MessageSender & { close(): void } {
  const transport = createTransport(options.url);
  return {
    async sendEmail({ to, subject, body }) {
      await transport.sendMail({ from: options.from, to, subject, text: body });
    },
    sendSms: (message) => options.sms.sendSms(message),
    close: () => transport.close(),
  };
}
