/** How a task and a reward read, from the locale (a task added by the console falls back to its key). */
import type { TFunction } from 'i18next';

export function rewardText(t: TFunction, type: string, amount: number): string {
  if (type === 'vip_hours') return t('quest.reward.vip_hours', { count: amount });
  if (type === 'ai_credits') return t('quest.reward.ai_credits', { count: amount });
  return t('quest.reward.coins', { count: amount });
}

export function taskTitle(t: TFunction, key: string, target: number): string {
  return t(`quest.task.${key}`, { count: target, defaultValue: key });
}

/** A task's name without its target (the log: what was claimed). */
export function taskName(t: TFunction, key: string): string {
  return t(`quest.name.${key}`, { defaultValue: key });
}
