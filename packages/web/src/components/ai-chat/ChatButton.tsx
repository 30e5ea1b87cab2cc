/**
 * "Chat" on a comic's or novel's detail page: opens character chat for the work. Shown only once
 * the server said a chat model is connected: without one there is no chat to open.
 */
import { WorkType, type WorkDetail } from '@dm51/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { useAiIndex } from '../../state/queries/ai';
import { useSession } from '../../state/use-session';
import { chatHref } from './AiChatSection';
import { chatAvailability } from './chat-availability';
import './ai-chat.css';

export function ChatButton({ work }: { work: WorkDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const index = useAiIndex(useSession().uid);
  // Anime has no text to ground a character in.
  if (work.type === WorkType.ANIME) return null;
  if (chatAvailability(index.data) !== 'available') return null;
  return (
    <button
      type="button"
      className="work-detail__fav ai-chat-detail-button"
      data-testid="detail-chat"
      onClick={() => navigate(chatHref(work.relate_id))}
    >
      <svg
        width="22"
        height="22"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1.1-4.4A8 8 0 1 1 21 12z" />
        <path d="M8.5 11h.01M12 11h.01M15.5 11h.01" />
      </svg>
      <span>{t('aiChat.chatButton')}</span>
    </button>
  );
}
