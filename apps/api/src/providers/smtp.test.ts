import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { build } from '../index';
import { hashPassword } from '../auth/passwords';
import { insertUser } from '../users/user-queries';
import { providerOptions } from '../config';

interface Received {
  from: string;
  to: string[];
  data: string;
}

const received: Received[] = [];
let server: SMTPServer;
let port = 0;

beforeAll(async () => {
  // A real SMTP server on localhost (from nodemailer's authors), collecting what it receives.
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('with smtpUrl set', () => {
  it('e-mails a password-reset link through the SMTP server, and keeps SMS in the outbox', async () => {
    const app = await build({
      smtpUrl: `smtp://127.0.0.1:${String(port)}`,
      emailFrom: 'Sentinel <no-reply@sentinel.example>',
    });
    try {
      const id = await insertUser(
        app.db,
        {
          firstName: 'Pieter',
          lastName: 'van Wyk',
          email: 'pieter@example.co.za',
          phoneCode: '27',
          phoneNumber: '0824445555',
          idNumber: null,
          idNumberIsSouthAfrican: true,
        },
        'Account-Holder',
      );
      await app.db
        .updateTable('users')
        .set({ passwordHash: await hashPassword('Old!pass1') })
        .where('id', '=', id)
        .execute();

      const response = await app.inject({
        method: 'POST',
        url: '/Auth/StartPasswordReset',
        payload: { Email: 'pieter@example.co.za' },
      });

      expect(response.statusCode).toBe(200);
      // The link is mailed after the answer.
      await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5_000, interval: 20 });
      expect(received[0]?.from).toBe('no-reply@sentinel.example');
      expect(received[0]?.to).toEqual(['pieter@example.co.za']);
      expect(received[0]?.data).toContain('reset-password?token=');
      const emails = await app.db.selectFrom('outbox').select('id').where('channel', '=', 'email').execute();
      expect(emails).toEqual([]);

      await app.messages.sendSms({ to: '+27824445555', body: 'Your code' });
      const sms = await app.db
        .selectFrom('outbox')
        .select('recipient')
        .where('channel', '=', 'sms')
        .execute();
      expect(sms).toEqual([{ recipient: '+27824445555' }]);
    } finally {
      await app.close();
    }
  });
});

describe('the provider settings', () => {
  it('keep the outbox and no challenge when nothing is set', () => {
    expect(providerOptions({})).toEqual({});
  });

  it('choose SMTP by SMTP_URL and Turnstile by TURNSTILE_SECRET_KEY', () => {
    const options = providerOptions({
      SMTP_URL: 'smtp://mail.example:587',
      SMTP_FROM: 'Sentinel <no-reply@sentinel.example>',
      TURNSTILE_SECRET_KEY: 'secret',
      OTP_RESEND_INTERVAL_SECONDS: '0',
    });
    expect(options).toMatchObject({
      smtpUrl: 'smtp://mail.example:587',
      emailFrom: 'Sentinel <no-reply@sentinel.example>',
    });
    expect(typeof options.botChallenge?.verify).toBe('function');
    expect(options.otpResendIntervalMs).toBe(0);
  });
});
