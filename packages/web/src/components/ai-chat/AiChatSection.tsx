/**
 * The AI tab's chat section: recent conversations, and the works the user is reading to
 * start one (a character only knows the chapters read, so works never opened are not offered).
 * With no chat model connected it is only the notice saying so: no entry that would spend a try.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { useAiConversations } from '../../state/queries/ai-chat';
import { useHistoryList } from '../../state/queries/history';
import { useSession } from '../../state/use-session';
import { ChatUnavailable } from './ChatUnavailable';
import './ai-chat.css';

export function chatHref(workId: number, character = ''): string {
  const query = new URLSearchParams({ work_id: String(workId) });
  if (character) query.set('character', character);
  return `/pages/ai/chat?${query.toString()}`;
}

export function AiChatSection({ available }: { available: boolean }) {
  const { t } = useTranslation();
  if (!available)
    return (
      <section className="ai-chat-section" data-testid="ai-chat-section">
        <h2 className="ai-chat-section__title">{t('aiChat.sectionTitle')}</h2>
        <ChatUnavailable />
      </section>
    );
  return <ChatEntries />;
}

function ChatEntries() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const conversations = useAiConversations(session.uid);
  const reading = useHistoryList(-1);
  const works = (reading.items ?? []).filter((item) => item.type !== 2).slice(0, 6);
  return (
    <section className="ai-chat-section" data-testid="ai-chat-section">
      <h2 className="ai-chat-section__title">{t('aiChat.sectionTitle')}</h2>
      {(conversations.data?.list.length ?? 0) > 0 && (
        <>
          <h3 className="ai-chat-section__sub">{t('aiChat.recent')}</h3>
          {conversations.data!.list.map((c) => (
            <button
              key={`${c.work_id}-${c.character}`}
              type="button"
              className="ai-chat-section__row"
              data-testid="ai-chat-conversation"
              onClick={() => navigate(chatHref(c.work_id, c.character))}
            >
              <span className="ai-chat__avatar">{Array.from(c.character)[0]}</span>
              <span className="ai-chat-section__text">
                <span>
                  {c.character} · {c.title}
                </span>
                <span>{c.last_text}</span>
              </span>
            </button>
          ))}
        </>
      )}
      <h3 className="ai-chat-section__sub">{t('aiChat.pickWork')}</h3>
      {works.length === 0 ? (
        <p className="ai-chat-section__hint">{t('aiChat.pickWorkEmpty')}</p>
      ) : (
        <div className="ai-chat-section__works">
          {works.map((work) => (
            <button
              key={work.relate_id}
              type="button"
              className="ai-chat-section__work"
              data-testid="ai-chat-pick-work"
              onClick={() => navigate(chatHref(work.relate_id))}
            >
              {work.name}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
