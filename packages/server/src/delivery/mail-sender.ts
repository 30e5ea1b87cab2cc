/**
 * E-mail delivery. SMTP through nodemailer when configured; otherwise a log transport that writes
 * the message to the server log, so development works without a mail server (and says so loudly).
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { SmtpConfig } from './delivery-config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface MailSender {
  readonly kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Sockets and the whole exchange are bounded so a dead mail server cannot hold a request for long. */
const SMTP_TIMEOUT_MS = 10_000;

export class SmtpMailSender implements MailSender {
  readonly kind = 'smtp';
  private readonly transport: Transporter;

  constructor(
    smtp: SmtpConfig,
    private readonly from: string,
  ) {
    const timeouts = {
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    };
    this.transport = smtp.url
      ? nodemailer.createTransport({ url: smtp.url, ...timeouts })
      : nodemailer.createTransport({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass } } : {}),
          ...timeouts,
        });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }

  close(): void {
    this.transport.close();
  }
}

export class LogMailSender implements MailSender {
  readonly kind = 'log';

  constructor(private readonly log: FastifyBaseLogger) {}

  async send(message: MailMessage): Promise<void> {
    this.log.warn(
      { to: message.to, subject: message.subject, text: message.text },
      'SMTP not configured: e-mail written to the log instead of sent',
    );
  }

  close(): void {}
}
