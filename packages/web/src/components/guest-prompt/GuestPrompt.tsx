import { CenterPopup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { BIND_PATH } from '../../routes/route-table';
import './guest-prompt.css';

/**
 * Spec §2 guest prompt: guests must bind a phone or e-mail (or register) before tasks.
 * '前往绑定' leads to settings info, which the guard turns into login with a note on binding:
 * registering with the phone or e-mail binds it, and the app then goes on to settings info.
 * Other screens that need an account (buying AI credits) say why in `body`.
 */
export function GuestPrompt({
  visible,
  onClose,
  body,
}: {
  visible: boolean;
  onClose: () => void;
  body?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <CenterPopup
      visible={visible}
      onMaskClick={onClose}
      destroyOnClose
      style={{ '--min-width': '280px', '--max-width': '80vw' }}
      bodyClassName="guest-prompt"
      stopPropagation={['click']}
    >
      <div data-testid="guest-prompt" role="dialog" aria-labelledby="guest-prompt-title">
        <h2 id="guest-prompt-title" className="guest-prompt__title">
          {t('guestPrompt.title')}
        </h2>
        <p className="guest-prompt__body">{body ?? t('guestPrompt.body')}</p>
        <div className="guest-prompt__actions">
          <button
            type="button"
            data-testid="guest-prompt-cancel"
            className="guest-prompt__btn"
            onClick={onClose}
          >
            {t('guestPrompt.cancel')}
          </button>
          <button
            type="button"
            data-testid="guest-prompt-bind"
            className="guest-prompt__btn guest-prompt__btn--primary"
            onClick={() => {
              onClose();
              navigate(BIND_PATH);
            }}
          >
            {t('guestPrompt.bind')}
          </button>
        </div>
      </div>
    </CenterPopup>
  );
}
