/**
 * Said plainly where chat would be: the operator has not connected a chat model, so there is no
 * chat (and nothing spends a try), while image styles and the reading helpers still work.
 */
import { useTranslation } from 'react-i18next';
import './ai-chat.css';

export function ChatUnavailable() {
  const { t } = useTranslation();
  return (
    <div className="ai-chat-unavailable" data-testid="ai-chat-unavailable" role="note">
      <strong>{t('aiChat.noModelTitle')}</strong>
      <p>{t('aiChat.noModel')}</p>
    </div>
  );
}
