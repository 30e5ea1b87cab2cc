/**
 * The task centre (/pages/quest/quest, tab 4): daily check-in with its 7-day streak, daily and
 * one-time tasks with the progress the server counted, claims, and the way to the task log.
 * Guests see everything but any check-in, make-up or claim opens the spec's guest prompt (they
 * must bind a phone or e-mail first); 'go' still takes them where a task is done.
 */
import type { TaskItem } from '@dm51/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { GuestPrompt } from '../../components/guest-prompt/GuestPrompt';
import { NavBar } from '../../components/nav-bar/NavBar';
import { PageLoading } from '../../components/page-state/PageLoading';
import { PullToRefresh } from '../../components/pull-to-refresh/PullToRefresh';
import { QueryError } from '../../components/query-state/QueryError';
import { CheckinCard } from '../../components/task-centre/CheckinCard';
import { TaskRow } from '../../components/task-centre/TaskRow';
import { goPathOf } from '../../components/task-centre/task-go';
import { turnOnNotifications } from '../../components/task-centre/notifications';
import { rewardText } from '../../components/task-centre/task-text';
import { showBottomToast } from '../../lib/api/lazy-toast';
import { invalidate } from '../../state/queries/query-keys';
import { useCheckin, useClaimTask, useMakeup, useTaskIndex } from '../../state/queries/task';
import { isLoggedIn } from '../../state/session';
import { useSession } from '../../state/use-session';
import type { PageProps } from '../page-props';
import '../../components/task-centre/quest.css';

export const QUEST_LOG_PATH = '/pages/quest/questLog';

export default function QuestPage({ route }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const session = useSession();
  const loggedIn = isLoggedIn(session);
  const index = useTaskIndex(session.uid);
  const checkin = useCheckin();
  const makeup = useMakeup();
  const claim = useClaimTask();
  const [promptOpen, setPromptOpen] = useState(false);
  const busy = checkin.isPending || makeup.isPending || claim.isPending;

  /** Guests are asked to bind first (spec §2); signed-in users go ahead. */
  const asUser = (action: () => void) => (loggedIn ? action() : setPromptOpen(true));

  const onCheckin = () =>
    asUser(() =>
      checkin.mutate(undefined, {
        onSuccess: (answer) =>
          showBottomToast(
            t('quest.checkinDone', { reward: rewardText(t, answer.reward_type, answer.reward_amount) }),
          ),
      }),
    );
  const onMakeup = (date: string) =>
    asUser(() =>
      makeup.mutate(date, {
        onSuccess: (answer) => showBottomToast(t('quest.makeupDone', { count: answer.streak })),
      }),
    );
  const onClaim = (task: TaskItem) =>
    asUser(() =>
      claim.mutate(task.key, {
        onSuccess: (answer) =>
          showBottomToast(
            t('quest.claimDone', { reward: rewardText(t, answer.reward_type, answer.reward_amount) }),
          ),
      }),
    );
  const onGo = (task: TaskItem) => {
    const path = goPathOf(task.go);
    if (path) return navigate(path);
    if (!loggedIn) return setPromptOpen(true);
    void turnOnNotifications().then((outcome) => {
      showBottomToast(t(`quest.notify.${outcome}`));
      invalidate(client, 'tasks');
    });
  };

  let body;
  if (index.isError) body = <QueryError onRetry={() => void index.refetch()} />;
  else if (!index.data) body = <PageLoading />;
  else {
    const data = index.data;
    const section = (title: string, tasks: TaskItem[], testId: string) =>
      tasks.length > 0 && (
        <section className="quest-section" data-testid={testId}>
          <h3 className="quest-section__title">{title}</h3>
          <ul className="quest-tasks">
            {tasks.map((task) => (
              <TaskRow
                key={task.key}
                task={task}
                busy={busy}
                onGo={() => onGo(task)}
                onClaim={() => onClaim(task)}
              />
            ))}
          </ul>
        </section>
      );
    body = (
      <>
        {!loggedIn && (
          <button
            type="button"
            className="quest-guest"
            data-testid="quest-guest-banner"
            onClick={() => setPromptOpen(true)}
          >
            {t('quest.guestBanner')}
          </button>
        )}
        <CheckinCard checkin={data.checkin} busy={busy} onCheckin={onCheckin} onMakeup={onMakeup} />
        {section(t('quest.daily'), data.daily, 'quest-daily')}
        {section(t('quest.once'), data.once, 'quest-once')}
      </>
    );
  }

  return (
    <div className="page quest" data-testid="quest-page">
      <NavBar
        title={t(route.titleKey)}
        showBack={false}
        right={
          <button
            type="button"
            className="quest-log-link"
            data-testid="quest-log-link"
            onClick={() => navigate(QUEST_LOG_PATH)}
          >
            {t('quest.log')}
          </button>
        }
      />
      <PullToRefresh onRefresh={() => index.refetch()}>
        <div className="quest__body">{body}</div>
      </PullToRefresh>
      <GuestPrompt visible={promptOpen} onClose={() => setPromptOpen(false)} />
    </div>
  );
}
