/**
 * The AI log (/pages/ai/aiLog): every generation and chat message with its cost and
 * status, newest first; paged by 10 with the spec's footers and pull-to-refresh.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useRelativeTime } from '../../lib/relative-time';
import { useAiLog, type AiLogLine } from '../../state/queries/ai';
import { useSession } from '../../state/use-session';
import type { PageProps } from '../page-props';
import { MoneyLogPage } from '../quest/MoneyLogPage';
import '../../components/ai-cos/ai-cos.css';

/** An image's line names its style in the reader's language ("AI cos" is the feature's name in every one). */
function logTitle(item: AiLogLine, t: TFunction): string {
  if (!item.style) return item.title;
  return `AI cos · ${t(`ai.style.${item.style}`, { defaultValue: item.title })}`;
}

function LogRow({ item }: { item: AiLogLine }) {
  const { t } = useTranslation();
  const when = useRelativeTime();
  return (
    <div className="money-row" data-testid="ai-log-row" data-kind={item.kind} data-status={item.status}>
      <span className="money-row__body">
        <span className="money-row__title">
          <span className="money-row__kind">{t(`ai.kind.${item.kind}`)}</span>
          {logTitle(item, t)}
        </span>
        <span className="money-row__meta">
          {when(item.addtime)} ·{' '}
          <span className={`ai-status ai-status--${item.status}`}>
            {t(`ai.status.${item.status}`, { defaultValue: item.status })}
          </span>
        </span>
      </span>
      <span className="money-row__changes">
        {item.paid_with === 'free' ? (
          <span className="ai-free">{t('ai.costFree')}</span>
        ) : (
          <span className={item.status === 'failed' ? 'ai-refunded' : 'money-minus'}>
            {t('ai.costCredits', { count: item.cost })}
          </span>
        )}
        {item.status === 'failed' && <span className="ai-refunded">{t('ai.refunded')}</span>}
      </span>
    </div>
  );
}

export default function AiLogPage({ route }: PageProps) {
  const { t } = useTranslation();
  const list = useAiLog(useSession().uid);
  return (
    <MoneyLogPage
      route={route}
      list={list}
      testId="ai-log-page"
      listTestId="ai-log-list"
      empty={{ title: t('ai.logEmpty'), hint: t('ai.logEmptyHint') }}
    >
      {(items) => items.map((item) => <LogRow key={item.id} item={item} />)}
    </MoneyLogPage>
  );
}
