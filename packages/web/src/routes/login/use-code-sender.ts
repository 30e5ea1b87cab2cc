import type { CodePurpose } from '@dm51/shared';
import { TOAST_MS } from '@dm51/shared';
import { Toast } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendCode, type AccountKind } from '../../state/queries/account';

export interface CodeSender {
  /** Seconds until another code may be asked for; 0 when the button is ready. */
  countdown: number;
  sending: boolean;
  captchaOpen: boolean;
  /** Opens the '安全认证' popup for this address; the code is sent once it is solved. */
  request(kind: AccountKind, address: string): void;
  closeCaptcha(): void;
  onCaptchaSolved(): void;
}

/** The "send code" button's logic: captcha first (spec §2), then the call, then a resend countdown. */
export function useCodeSender(purpose: CodePurpose): CodeSender {
  const { t } = useTranslation();
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  const [captchaOpen, setCaptchaOpen] = useState(false);
  const pending = useRef<{ kind: AccountKind; address: string } | null>(null);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const request = useCallback((kind: AccountKind, address: string) => {
    pending.current = { kind, address };
    setCaptchaOpen(true);
  }, []);

  const onCaptchaSolved = useCallback(() => {
    const target = pending.current;
    if (!target) return;
    setSending(true);
    sendCode(target.kind, target.address, purpose)
      .then((sent) => {
        setCountdown(sent.resend_in);
        Toast.show({
          content: t(target.kind === 'tel' ? 'accounts.codeSentSms' : 'accounts.codeSentMail'),
          duration: TOAST_MS.product,
        });
      })
      // The API client has already shown the server's message (spec §8).
      .catch(() => undefined)
      .finally(() => setSending(false));
  }, [purpose, t]);

  return {
    countdown,
    sending,
    captchaOpen,
    request,
    closeCaptcha: () => setCaptchaOpen(false),
    onCaptchaSolved,
  };
}
