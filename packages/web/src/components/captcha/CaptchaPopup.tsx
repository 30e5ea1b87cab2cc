import { CAPTCHA, POPUP_TRANSITION_MS, sanitizeDigits, TOAST_MS } from '@dm51/shared';
import { CenterPopup, Toast } from 'antd-mobile';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { drawCaptcha, randomCaptcha } from './captcha';
import './captcha.css';

interface CaptchaPopupProps {
  visible: boolean;
  onClose: () => void;
  /** The four typed characters matched the picture; the popup has closed. */
  onSuccess: () => void;
}

/**
 * Verification popup '安全认证' (spec §2, §4, §5): a generated picture of 4 digits (tap to refresh),
 * a 4-character input; a match closes it and signals success, a miss shows '验证码错误!' and draws a
 * new picture. The close icon or a tap outside closes it.
 */
export function CaptchaPopup({ visible, onClose, onSuccess }: CaptchaPopupProps) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const [code, setCode] = useState(() => randomCaptcha());
  const [typed, setTyped] = useState('');

  const refresh = useCallback(() => {
    setCode(randomCaptcha());
    setTyped('');
  }, []);

  // Every opening shows a new picture. Set while rendering, not in an effect after the commit: an
  // effect would paint the previous opening's picture first and swap it a moment later, so a
  // quick reader (or a test) could type the answer to a picture that is no longer the one checked.
  const [openedFor, setOpenedFor] = useState(visible);
  if (visible !== openedFor) {
    setOpenedFor(visible);
    if (visible) refresh();
  }

  // The canvas mounts with the popup; draw whenever either changes.
  const attach = useCallback(
    (node: HTMLCanvasElement | null) => {
      canvas.current = node;
      if (node) drawCaptcha(node, code);
    },
    [code],
  );

  const change = (value: string) => {
    const next = sanitizeDigits(value, CAPTCHA.length);
    setTyped(next);
    if (next.length < CAPTCHA.length) return;
    if (next === code) {
      setTyped('');
      onClose();
      // After the popup's transition, so the next step (sending the code) is not hidden behind it.
      setTimeout(onSuccess, POPUP_TRANSITION_MS);
    } else {
      Toast.show({ content: t('accounts.captchaWrong'), duration: TOAST_MS.product });
      refresh();
    }
  };

  return (
    <CenterPopup
      visible={visible}
      onMaskClick={onClose}
      destroyOnClose
      bodyClassName="captcha"
      style={{ '--min-width': '280px', '--max-width': '86vw' }}
    >
      <div data-testid="captcha-popup" role="dialog" aria-labelledby="captcha-title">
        <button
          type="button"
          className="captcha__close"
          aria-label={t('common.close')}
          data-testid="captcha-close"
          onClick={onClose}
        >
          ×
        </button>
        <h2 id="captcha-title" className="captcha__title">
          {t('accounts.captchaTitle')}
        </h2>
        <button
          type="button"
          className="captcha__picture"
          data-testid="captcha-picture"
          // The check is the client's by design (spec §5), so exposing the answer costs nothing and
          // lets the browser tests solve it.
          data-answer={code}
          aria-label={t('accounts.captchaRefresh')}
          onClick={refresh}
        >
          <canvas ref={attach} style={{ width: CAPTCHA.width, height: CAPTCHA.height }} />
        </button>
        <p className="captcha__hint">{t('accounts.captchaHint')}</p>
        <input
          className="captcha__input"
          data-testid="captcha-input"
          value={typed}
          inputMode="numeric"
          autoComplete="off"
          maxLength={CAPTCHA.length}
          placeholder={t('accounts.captchaPlaceholder')}
          aria-label={t('accounts.captchaPlaceholder')}
          autoFocus
          onChange={(event) => change(event.target.value)}
        />
      </div>
    </CenterPopup>
  );
}
