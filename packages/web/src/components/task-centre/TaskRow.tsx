import type { TaskItem } from '@dm51/shared';
import { useTranslation } from 'react-i18next';
import { rewardText, taskTitle } from './task-text';

/** One task: its name, progress (2/3 and a bar), reward, and go / claim / claimed. */
export function TaskRow({
  task,
  busy,
  onGo,
  onClaim,
}: {
  task: TaskItem;
  busy: boolean;
  onGo: () => void;
  onClaim: () => void;
}) {
  const { t } = useTranslation();
  const percent = task.target > 0 ? Math.round((task.progress / task.target) * 100) : 0;
  return (
    <li className="quest-task" data-testid={`quest-task-${task.key}`} data-status={task.status}>
      <div className="quest-task__body">
        <span className="quest-task__title">{taskTitle(t, task.key, task.target)}</span>
        <span className="quest-task__meta">
          <span className="quest-task__reward">{rewardText(t, task.reward_type, task.reward_amount)}</span>
          <span className="quest-task__progress" data-testid={`quest-progress-${task.key}`}>
            {task.progress}/{task.target}
          </span>
        </span>
        <span className="quest-task__bar" aria-hidden="true">
          <span style={{ width: `${percent}%` }} />
        </span>
      </div>
      {task.status === 'claimed' ? (
        <span className="quest-task__button quest-task__button--done">{t('quest.claimed')}</span>
      ) : task.status === 'claimable' ? (
        <button
          type="button"
          className="quest-task__button quest-task__button--claim"
          data-testid={`quest-claim-${task.key}`}
          disabled={busy}
          onClick={onClaim}
        >
          {t('quest.claim')}
        </button>
      ) : (
        <button
          type="button"
          className="quest-task__button"
          data-testid={`quest-go-${task.key}`}
          onClick={onGo}
        >
          {t('quest.go')}
        </button>
      )}
    </li>
  );
}
