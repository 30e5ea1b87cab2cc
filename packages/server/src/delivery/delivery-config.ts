/**
 * How verification codes leave the server: e-mail over SMTP and SMS over an HTTP provider, both
 * read from the environment at boot (docs/reference/configuration.md). Unset means the log transports,
 * which write the code to the server log: fine for development, announced loudly at start-up.
 */
import { z } from 'zod';

export interface SmtpConfig {
  /** An smtp:// or smtps:// URL (user and password may be in it), or the parts below. */
  url: string | null;
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
}

export interface SmsHttpConfig {
  url: string;
  method: 'POST' | 'PUT' | 'GET';
  /** Body (or, for GET, nothing) with {phone} and {code} replaced; URL may hold them too. */
  bodyTemplate: string;
  contentType: string;
  /** The whole Authorization header value, e.g. "Bearer abc"; '' for none. */
  authorization: string;
}

export interface DeliveryConfig {
  smtp: SmtpConfig | null;
  mailFrom: string;
  sms: SmsHttpConfig | null;
}

export const DEFAULT_MAIL_FROM = '51动漫 <no-reply@localhost>';
export const DEFAULT_SMS_BODY = '{"phone":"{phone}","code":"{code}"}';

const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const envSchema = z.object({
  SMTP_URL: optional.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/\S+$/, 'SMTP_URL must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  SMTP_HOST: optional,
  SMTP_PORT: optional.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, 'SMTP_PORT must be a port number')
      .transform(Number)
      .optional(),
  ),
  SMTP_SECURE: optional.pipe(
    z.enum(['0', '1', 'true', 'false'], { error: 'SMTP_SECURE must be 0 or 1' }).optional(),
  ),
  SMTP_USER: optional,
  SMTP_PASS: optional,
  MAIL_FROM: optional,
  SMS_HTTP_URL: optional.pipe(
    z
      .string()
      .regex(/^https?:\/\/\S+$/, 'SMS_HTTP_URL must be an http(s):// URL')
      .optional(),
  ),
  SMS_HTTP_METHOD: optional.pipe(
    z.enum(['POST', 'PUT', 'GET'], { error: 'SMS_HTTP_METHOD must be POST, PUT or GET' }).optional(),
  ),
  SMS_HTTP_BODY: optional,
  SMS_HTTP_CONTENT_TYPE: optional,
  SMS_HTTP_AUTH: optional,
});

/** Throws an Error naming the variable when a value is invalid (config.ts turns it into a ConfigError). */
export function loadDeliveryConfig(env: NodeJS.ProcessEnv): DeliveryConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(
      parsed.error.issues
        .map((issue) =>
          issue.message.includes(String(issue.path[0]))
            ? issue.message
            : `${String(issue.path[0])}: ${issue.message}`,
        )
        .join('; '),
    );
  }
  const v = parsed.data;
  const secure = v.SMTP_SECURE === '1' || v.SMTP_SECURE === 'true';
  const smtp: SmtpConfig | null =
    v.SMTP_URL || v.SMTP_HOST
      ? {
          url: v.SMTP_URL ?? null,
          host: v.SMTP_HOST ?? '',
          port: v.SMTP_PORT ?? (secure ? 465 : 587),
          secure,
          user: v.SMTP_USER ?? '',
          pass: v.SMTP_PASS ?? '',
        }
      : null;
  const sms: SmsHttpConfig | null = v.SMS_HTTP_URL
    ? {
        url: v.SMS_HTTP_URL,
        method: v.SMS_HTTP_METHOD ?? 'POST',
        bodyTemplate: v.SMS_HTTP_BODY ?? DEFAULT_SMS_BODY,
        contentType: v.SMS_HTTP_CONTENT_TYPE ?? 'application/json',
        authorization: v.SMS_HTTP_AUTH ?? '',
      }
    : null;
  return { smtp, mailFrom: v.MAIL_FROM ?? DEFAULT_MAIL_FROM, sms };
}

/** Start-up warnings for the log transports (empty when both real transports are configured). */
export function deliveryWarnings(config: DeliveryConfig): string[] {
  const warnings: string[] = [];
  if (!config.smtp) {
    warnings.push(
      'SMTP is not configured (SMTP_URL or SMTP_HOST): e-mail verification codes are WRITTEN TO THE LOG ' +
        'instead of being sent. Configure SMTP before deploying.',
    );
  }
  if (!config.sms) {
    warnings.push(
      'SMS_HTTP_URL is not set: SMS verification codes are WRITTEN TO THE LOG instead of being sent. ' +
        'Configure an SMS provider before deploying.',
    );
  }
  return warnings;
}
