/**
 * SMS delivery behind one interface: a log provider (development default) and a generic HTTP
 * provider configured by environment (URL, method, body template with {phone} and {code}, an
 * Authorization header), which fits most SMS gateways' "send" endpoints.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SmsHttpConfig } from './delivery-config.js';

export interface SmsSender {
  readonly kind: 'http' | 'log';
  send(phone: string, code: string, text: string): Promise<void>;
}

const SMS_TIMEOUT_MS = 10_000;

export class SmsDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}

/** Fills {phone}, {code} and {text}; `escape` adapts the values to where they are inserted. */
export function fillTemplate(
  template: string,
  values: Record<string, string>,
  escape: (value: string) => string,
): string {
  return template.replace(/\{(phone|code|text)\}/g, (_match, name: string) => escape(values[name] ?? ''));
}

/** A value inside a JSON string literal: escaped like JSON, without the surrounding quotes. */
function jsonEscape(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

export class HttpSmsSender implements SmsSender {
  readonly kind = 'http';

  constructor(private readonly config: SmsHttpConfig) {}

  async send(phone: string, code: string, text: string): Promise<void> {
    const values = { phone, code, text };
    const url = fillTemplate(this.config.url, values, encodeURIComponent);
    const isJson = /json/i.test(this.config.contentType);
    const isForm = /x-www-form-urlencoded/i.test(this.config.contentType);
    const escape = isJson ? jsonEscape : isForm ? encodeURIComponent : (value: string) => value;
    const headers: Record<string, string> = {};
    if (this.config.authorization) headers['authorization'] = this.config.authorization;
    let body: string | undefined;
    if (this.config.method !== 'GET') {
      body = fillTemplate(this.config.bodyTemplate, values, escape);
      headers['content-type'] = this.config.contentType;
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method: this.config.method,
        headers,
        ...(body === undefined ? {} : { body }),
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      });
    } catch (error) {
      throw new SmsDeliveryError(`SMS provider unreachable: ${(error as Error).message}`);
    }
    // Drain the body so the connection can be reused; its content is only useful when it failed.
    const answer = await response.text().catch(() => '');
    if (!response.ok) {
      throw new SmsDeliveryError(`SMS provider answered HTTP ${response.status}: ${answer.slice(0, 200)}`);
    }
  }
}

export class LogSmsSender implements SmsSender {
  readonly kind = 'log';

  constructor(private readonly log: FastifyBaseLogger) {}

  async send(phone: string, code: string, text: string): Promise<void> {
    this.log.warn(
      { phone, code, text },
      'SMS provider not configured: SMS written to the log instead of sent',
    );
  }
}
