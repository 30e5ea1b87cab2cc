import { Popup } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiWho, useAiWhoNames } from '../../state/queries/ai-chat';
import { passagesByChapter } from './chat-availability';

/** The longest name the server accepts (packages/shared, aiWhoCall). */
const NAME_MAX = 40;

/**
 * "Who is" in the novel reader: the reader picks a name the chapters so far repeat, or types one,
 * and gets what the text up to this chapter says about it. Without a model that is quotations,
 * labelled as such; a name the story has not reached yet gets an honest "not mentioned yet".
 */
export function ReaderWhoSheet({
  chapterId,
  open,
  onClose,
}: {
  chapterId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  const names = useAiWhoNames(chapterId, open);
  const answer = useAiWho(chapterId, name);
  const ask = (event: FormEvent) => {
    event.preventDefault();
    setName(typed.trim());
  };
  const data = answer.data;
  return (
    <Popup visible={open} onMaskClick={onClose} bodyStyle={{ borderRadius: '14px 14px 0 0' }}>
      <div className="reader-ai-sheet reader-who" data-testid="reader-who-sheet">
        <h3>{name ? t('aiChat.whoTitle', { name }) : t('aiChat.who')}</h3>
        {names.data && (
          <p className="reader-ai-sheet__hint">
            {names.data.list.length > 0 ? t('aiChat.whoPick') : t('aiChat.whoNoNames')}
          </p>
        )}
        <div className="reader-who__names">
          {names.data?.list.map((entry) => (
            <button
              key={entry.name}
              type="button"
              data-testid="reader-who-name"
              aria-pressed={entry.name === name}
              onClick={() => setName(entry.name)}
            >
              {entry.name}
            </button>
          ))}
        </div>
        <form className="reader-who__form" onSubmit={ask}>
          <input
            data-testid="reader-who-input"
            value={typed}
            maxLength={NAME_MAX}
            placeholder={t('aiChat.whoPlaceholder')}
            aria-label={t('aiChat.whoPlaceholder')}
            onChange={(event) => setTyped(event.target.value)}
          />
          <button type="submit" data-testid="reader-who-ask" disabled={typed.trim() === ''}>
            {t('aiChat.whoAsk')}
          </button>
        </form>
        {name !== '' && !data && <p>{t('common.loading')}</p>}
        {data && data.mentioned === 0 && (
          <p data-testid="reader-who-not-yet">{t('aiChat.whoNotYet', { name: data.name })}</p>
        )}
        {data && data.mentioned === 1 && data.extractive === 1 && (
          <div data-testid="reader-ai-text" data-extractive="1">
            <p className="reader-ai-sheet__label" data-testid="reader-ai-from-text">
              {t('aiChat.whoFromText', { name: data.name })}
            </p>
            {passagesByChapter(data.passages).map((group, index) => (
              <blockquote key={`${group.chapter}-${index}`} data-testid="reader-ai-passage">
                {group.texts.map((text, i) => (
                  <p key={i}>{text}</p>
                ))}
                <cite>{t('aiChat.passageFrom', { chapter: group.chapter })}</cite>
              </blockquote>
            ))}
            <p className="reader-ai-sheet__hint">{t('aiChat.fromTextHint')}</p>
          </div>
        )}
        {data && data.mentioned === 1 && data.extractive === 0 && (
          <>
            <p data-testid="reader-ai-text">{data.text}</p>
            {data.sources.length > 0 && (
              <small>{t('aiChat.sources', { list: data.sources.join(' · ') })}</small>
            )}
          </>
        )}
        <p className="reader-ai-sheet__hint">{t('aiChat.whoHint')}</p>
      </div>
    </Popup>
  );
}
