/**
 * The AI tab (/pages/ai/ai): free tries and AI credits with the buy sheet, AI cos (a
 * photo or a work's cover, a style, Generate, progress, the result), the gallery, then the chat
 * section (only a notice when the operator has connected no chat model). Guests get the free tries; buying or running out asks them to bind (spec §2 prompt).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { AiBuySheet } from '../../components/ai-cos/AiBuySheet';
import { AiCosCard } from '../../components/ai-cos/AiCosCard';
import { AiCreditsHeader } from '../../components/ai-cos/AiCreditsHeader';
import { AiGallery } from '../../components/ai-cos/AiGallery';
import { AiChatSection } from '../../components/ai-chat/AiChatSection';
import { chatAvailability } from '../../components/ai-chat/chat-availability';
import { GuestPrompt } from '../../components/guest-prompt/GuestPrompt';
import { NavBar } from '../../components/nav-bar/NavBar';
import { PageLoading } from '../../components/page-state/PageLoading';
import { PullToRefresh } from '../../components/pull-to-refresh/PullToRefresh';
import { QueryError } from '../../components/query-state/QueryError';
import { showBottomToast } from '../../lib/api/lazy-toast';
import { useAiIndex } from '../../state/queries/ai';
import { useSession } from '../../state/use-session';
import type { PageProps } from '../page-props';
import '../../components/money/money.css';
import '../../components/ai-cos/ai-cos.css';

export const AI_LOG_PATH = '/pages/ai/aiLog';

export default function AiPage({ route }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const index = useAiIndex(session.uid);
  const [buying, setBuying] = useState(false);
  const [prompt, setPrompt] = useState(false);

  /** Guests must bind before buying (spec §2); users get the packs. */
  const openBuy = () => (index.data?.can_buy ? setBuying(true) : setPrompt(true));
  const onShort = () => {
    if (!index.data?.can_buy) return setPrompt(true);
    showBottomToast(t('ai.short'));
    setBuying(true);
  };

  let body;
  if (index.isError) body = <QueryError onRetry={() => void index.refetch()} />;
  else if (!index.data) body = <PageLoading />;
  else
    body = (
      <>
        <AiCreditsHeader index={index.data} onBuy={openBuy} />
        <AiCosCard index={index.data} onShort={onShort} />
        <AiGallery uid={session.uid} />
        <AiChatSection available={chatAvailability(index.data) === 'available'} />
        <AiBuySheet index={index.data} visible={buying} onClose={() => setBuying(false)} />
      </>
    );

  return (
    <div className="page ai-page" data-testid="ai-page">
      <NavBar
        title={t(route.titleKey)}
        showBack={false}
        right={
          <button
            type="button"
            className="ai-log-link"
            data-testid="ai-log-link"
            onClick={() => navigate(AI_LOG_PATH)}
          >
            {t('ai.log')}
          </button>
        }
      />
      <PullToRefresh onRefresh={() => index.refetch()}>
        <div className="ai-page__body">{body}</div>
      </PullToRefresh>
      <GuestPrompt visible={prompt} onClose={() => setPrompt(false)} body={t('ai.guestBind')} />
    </div>
  );
}
