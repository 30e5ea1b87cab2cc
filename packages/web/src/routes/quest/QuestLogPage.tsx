/**
 * The task log (/pages/quest/questLog): claims and check-ins, newest first, with what each paid
 * (or cost, for a make-up check-in) and when; paged by 10 with pull-to-refresh (spec §2, §4).
 */
import { useTranslation } from 'react-i18next';
import { rewardText, taskName } from '../../components/task-centre/task-text';
import { useRelativeTime } from '../../lib/relative-time';
import { useTaskLog, type TaskLogItem } from '../../state/queries/task';
import { useSession } from '../../state/use-session';
import type { PageProps } from '../page-props';
import { MoneyLogPage } from './MoneyLogPage';

function LogRow({ item }: { item: TaskLogItem }) {
  const { t } = useTranslation();
  const when = useRelativeTime();
  const title =
    item.key === 'checkin'
      ? t('quest.logCheckin')
      : item.key === 'checkin_makeup'
        ? t('quest.logMakeup', { date: item.date })
        : taskName(t, item.key);
  return (
    <div className="money-row" data-testid="quest-log-row" data-key={item.key}>
      <span className="money-row__body">
        <span className="money-row__title">{title}</span>
        <span className="money-row__meta">
          {/* Daily claims and check-ins name the task day they count for. */}
          {item.date !== '' && `${item.date} · `}
          {when(item.addtime)}
        </span>
      </span>
      <span className="money-row__changes">
        {item.reward_amount > 0 && (
          <span className="money-plus">{rewardText(t, item.reward_type, item.reward_amount)}</span>
        )}
        {item.cost > 0 && <span className="money-minus">{t('quest.cost', { count: item.cost })}</span>}
      </span>
    </div>
  );
}

export default function QuestLogPage({ route }: PageProps) {
  const { t } = useTranslation();
  const list = useTaskLog(useSession().uid);
  return (
    <MoneyLogPage
      route={route}
      list={list}
      testId="quest-log-page"
      listTestId="quest-log-list"
      empty={{ title: t('quest.logEmpty'), hint: t('quest.logEmptyHint') }}
    >
      {(items) =>
        items.map((item) => <LogRow key={`${item.key}-${item.date}-${item.addtime}`} item={item} />)
      }
    </MoneyLogPage>
  );
}
