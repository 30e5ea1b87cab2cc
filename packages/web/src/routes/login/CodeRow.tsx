import { useTranslation } from 'react-i18next';
import { CaptchaPopup } from '../../components/captcha/CaptchaPopup';
import { CodeInput } from '../../components/code-input/CodeInput';
import type { CodeSender } from './use-code-sender';

interface CodeRowProps {
  code: string;
  onCode: (code: string) => void;
  sender: CodeSender;
  /** Validates the address and asks the sender for a code; shows its own message when invalid. */
  onSend: () => void;
}

/** The 6-digit code input with its "send code" button and the captcha popup behind the button. */
export function CodeRow({ code, onCode, sender, onSend }: CodeRowProps) {
  const { t } = useTranslation();
  const waiting = sender.countdown > 0;
  return (
    <div className="auth__code-row">
      <CodeInput value={code} onChange={onCode} label={t('accounts.codeLabel')} />
      <button
        type="button"
        className="auth__send"
        data-testid="send-code"
        disabled={waiting || sender.sending}
        onClick={onSend}
      >
        {waiting ? t('accounts.resendIn', { seconds: sender.countdown }) : t('accounts.sendCode')}
      </button>
      <CaptchaPopup
        visible={sender.captchaOpen}
        onClose={sender.closeCaptcha}
        onSuccess={sender.onCaptchaSolved}
      />
    </div>
  );
}
