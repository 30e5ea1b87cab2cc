/**
 * Sends a verification code to a phone number or an e-mail address with the right words for its
 * purpose. The only place that knows the texts of these messages.
 */
import type { CodePurpose } from '@dm51/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { DeliveryConfig } from './delivery-config.js';
import { LogMailSender, SmtpMailSender, type MailSender } from './mail-sender.js';
import { HttpSmsSender, LogSmsSender, type SmsSender } from './sms-sender.js';

const PURPOSE_TEXT: Record<CodePurpose, string> = {
  reg: 'to create your account',
  bind: 'to bind this address to your account',
  find: 'to reset your password',
  writeoff: 'to delete your account',
};

const PURPOSE_TEXT_ZH: Record<CodePurpose, string> = {
  reg: '注册账号',
  bind: '绑定账号',
  find: '找回密码',
  writeoff: '注销账号',
};

export interface CodeDelivery {
  sendToPhone(phone: string, code: string, purpose: CodePurpose, ttlMinutes: number): Promise<void>;
  sendToEmail(email: string, code: string, purpose: CodePurpose, ttlMinutes: number): Promise<void>;
  close(): void;
}

export function createCodeDelivery(config: DeliveryConfig | undefined, log: FastifyBaseLogger): CodeDelivery {
  const mail: MailSender = config?.smtp
    ? new SmtpMailSender(config.smtp, config.mailFrom)
    : new LogMailSender(log);
  const sms: SmsSender = config?.sms ? new HttpSmsSender(config.sms) : new LogSmsSender(log);
  return {
    async sendToPhone(phone, code, purpose, ttlMinutes) {
      const text = `【51动漫】验证码 ${code}，用于${PURPOSE_TEXT_ZH[purpose]}，${ttlMinutes}分钟内有效。请勿告诉他人。`;
      await sms.send(phone, code, text);
    },
    async sendToEmail(email, code, purpose, ttlMinutes) {
      await mail.send({
        to: email,
        subject: `51动漫 verification code: ${code}`,
        text: [
          `Your verification code is ${code}`,
          '',
          `Use it ${PURPOSE_TEXT[purpose]}. It expires in ${ttlMinutes} minutes and works once.`,
          `您的验证码是 ${code}，用于${PURPOSE_TEXT_ZH[purpose]}，${ttlMinutes}分钟内有效。`,
          '',
          'If you did not ask for this code, ignore this message: nothing changes without it.',
        ].join('\n'),
      });
    },
    close() {
      mail.close();
    },
  };
}
