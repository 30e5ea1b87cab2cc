/**
 * Character chat (/pages/ai/chat?work_id=…&character=…): pick a character of the work,
 * send a message, and watch the reply stream in chunk by chunk. Each message takes a free try of
 * the day, else AI credits; out of both, a guest sees the guest prompt (buying needs an account)
 * and a user is sent to the AI tab to buy credits. With no chat model connected the page says so
 * and offers nothing to send.
 */
import { ApiCode } from '@dm51/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { chatAvailability } from '../../components/ai-chat/chat-availability';
import { ChatUnavailable } from '../../components/ai-chat/ChatUnavailable';
import { GuestPrompt } from '../../components/guest-prompt/GuestPrompt';
import { NavBar } from '../../components/nav-bar/NavBar';
import { PageLoading } from '../../components/page-state/PageLoading';
import { QueryError } from '../../components/query-state/QueryError';
import { isApiCode } from '../../lib/api/errors';
import { showBottomToast } from '../../lib/api/lazy-toast';
import {
  readReplyStream,
  sendChat,
  useAiCharacters,
  useAiChatHistory,
  useClearChat,
} from '../../state/queries/ai-chat';
import { useAiIndex } from '../../state/queries/ai';
import { aiChatKeys, invalidate } from '../../state/queries/query-keys';
import { isLoggedIn } from '../../state/session';
import { useSession } from '../../state/use-session';
import type { PageProps } from '../page-props';
import '../../components/ai-chat/ai-chat.css';

const AI_TAB_PATH = '/pages/ai/ai';

function Avatar({ name }: { name: string }) {
  return (
    <span className="ai-chat__avatar" aria-hidden="true">
      {Array.from(name)[0] ?? '?'}
    </span>
  );
}

export default function ChatPage({ route }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const workId = Number(params.get('work_id') ?? 0);
  const characters = useAiCharacters(workId);
  const availability = chatAvailability(useAiIndex(session.uid).data);
  const canChat = availability === 'available';
  const list = characters.data?.list ?? [];
  const character = params.get('character') || list[0]?.name || '';
  const history = useAiChatHistory(workId, character);
  const clear = useClearChat(workId, character);
  const [draft, setDraft] = useState('');
  /** The message being answered and the reply so far, until the history has it. */
  const [live, setLive] = useState<{ message: string; reply: string } | null>(null);
  const [promptOpen, setPromptOpen] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [history.data, live]);

  const pick = (name: string) => {
    const next = new URLSearchParams(params);
    next.set('character', name);
    setParams(next, { replace: true });
  };

  const onSend = async (event: FormEvent) => {
    event.preventDefault();
    const message = draft.trim();
    if (!message || live || !character || !canChat) return;
    setLive({ message, reply: '' });
    setDraft('');
    try {
      const sent = await sendChat(workId, character, message);
      const last = await readReplyStream(sent.stream_url, (e) => {
        if (e.type === 'chunk') setLive((now) => now && { ...now, reply: now.reply + e.text });
      });
      if (last?.type === 'error') showBottomToast(streamErrorText(last.code, last.msg));
    } catch (error) {
      if (isApiCode(error, ApiCode.AI_CHAT_NO_MODEL)) {
        // The model was disconnected since the AI tab was loaded: show the notice from now on.
        showBottomToast(t('aiChat.noModelShort'));
        invalidate(client, 'ai');
      }
      if (isApiCode(error, ApiCode.AI_CREDITS_SHORT)) {
        if (isLoggedIn(session)) {
          showBottomToast(t('aiChat.outOfCredits'));
          navigate(AI_TAB_PATH);
        } else setPromptOpen(true);
      }
      setDraft(message);
    }
    // The credits the turn cost show on the AI tab and the chat button; the history is awaited so
    // the live bubble gives way to the stored turn without a gap.
    invalidate(client, 'ai');
    await client.invalidateQueries({ queryKey: aiChatKeys.all });
    setLive(null);
  };

  const streamErrorText = (code: number, msg: string) => {
    if (code === ApiCode.AI_GENERATION_FAILED) return t('aiChat.failed');
    if (code === ApiCode.AI_CHAT_NO_MODEL) return t('aiChat.noModelShort');
    return msg;
  };

  const onClear = async () => {
    if (!(await Dialog.confirm({ content: t('aiChat.clearConfirm') }))) return;
    clear.mutate(undefined, { onSuccess: () => showBottomToast(t('aiChat.cleared')) });
  };

  let body;
  if (availability === 'unavailable') body = <ChatUnavailable />;
  else if (characters.isError) body = <QueryError onRetry={() => void characters.refetch()} />;
  else if (!characters.data) body = <PageLoading />;
  else {
    const info = characters.data;
    const messages = [...(history.data?.list ?? [])].reverse();
    body = (
      <>
        <div className="ai-chat__head">
          <div className="ai-chat__characters" data-testid="ai-chat-characters">
            {list.map((c) => (
              <button
                key={c.name}
                type="button"
                className={`ai-chat__character${c.name === character ? ' ai-chat__character--on' : ''}`}
                data-testid="ai-chat-character"
                aria-pressed={c.name === character}
                onClick={() => pick(c.name)}
              >
                <Avatar name={c.name} />
                {c.name}
              </button>
            ))}
          </div>
          <p className="ai-chat__meta" data-testid="ai-chat-wallet">
            {t('aiChat.wallet', { free: info.free_left, credits: info.credits, cost: info.cost })}
            {' · '}
            {info.chapters_read > 0
              ? t('aiChat.grounded', { count: info.chapters_read })
              : t('aiChat.notStarted')}
          </p>
        </div>
        <div className="ai-chat__messages" data-testid="ai-chat-messages">
          {messages.length === 0 && !live && (
            <p className="ai-chat__empty">{t('aiChat.empty', { name: character })}</p>
          )}
          {messages.map((m) => (
            <Bubble
              key={m.id}
              mine={m.role === 'user'}
              name={character}
              failed={m.status === 'failed'}
              text={m.status === 'failed' ? t('aiChat.failed') : m.text}
            />
          ))}
          {live && (
            <>
              <Bubble mine name={character} text={live.message} />
              <Bubble
                name={character}
                text={live.reply || t('aiChat.loading')}
                streaming
                testId="ai-chat-streaming"
              />
            </>
          )}
          <div ref={bottom} />
        </div>
      </>
    );
  }

  return (
    <div className="page ai-chat" data-testid="ai-chat-page">
      <NavBar
        title={character ? `${character} · ${characters.data?.title ?? ''}` : t(route.titleKey)}
        right={
          <button
            type="button"
            className="ai-chat__clear"
            data-testid="ai-chat-clear"
            disabled={clear.isPending || !!live}
            onClick={() => void onClear()}
          >
            {t('aiChat.clear')}
          </button>
        }
      />
      <div className="ai-chat__body">{body}</div>
      {/* Nothing to type into when no model could answer. */}
      {availability !== 'unavailable' && (
        <form className="ai-chat__input" onSubmit={(event) => void onSend(event)}>
          <input
            value={draft}
            maxLength={500}
            disabled={!canChat}
            data-testid="ai-chat-input"
            placeholder={t('aiChat.placeholder', { name: character })}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button
            type="submit"
            data-testid="ai-chat-send"
            disabled={!draft.trim() || !!live || !character || !canChat}
          >
            {t('aiChat.send')}
          </button>
        </form>
      )}
      <GuestPrompt visible={promptOpen} onClose={() => setPromptOpen(false)} />
    </div>
  );
}

function Bubble({
  mine = false,
  name,
  text,
  failed = false,
  streaming = false,
  testId,
}: {
  mine?: boolean;
  name: string;
  text: string;
  failed?: boolean;
  streaming?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={`ai-chat__row${mine ? ' ai-chat__row--mine' : ''}`}>
      {mine ? (
        <span className="ai-chat__avatar ai-chat__avatar--mine">{t('aiChat.you')}</span>
      ) : (
        <Avatar name={name} />
      )}
      <p
        className={`ai-chat__bubble${failed ? ' ai-chat__bubble--failed' : ''}${streaming ? ' ai-chat__bubble--streaming' : ''}`}
        data-testid={testId ?? (mine ? 'ai-chat-mine' : 'ai-chat-reply')}
      >
        {text}
      </p>
    </div>
  );
}
