import type { CallResponse } from '@dm51/shared';
import type { inviteIndexCall } from '@dm51/shared/call-refs';
import { useTranslation } from 'react-i18next';
import { useRewardText } from './reward-text';

type InviteIndex = CallResponse<typeof inviteIndexCall>;

/** The programme's rules with the server's current amounts (milestones that pay nothing are left out). */
export function InviteRules({ data }: { data: InviteIndex }) {
  const { t } = useTranslation();
  const reward = useRewardText();
  const pays = (r: { coins: number; vip_hours: number }) => r.coins > 0 || r.vip_hours > 0;
  const rules = [
    t('invite.ruleShare', { days: data.window_days }),
    t('invite.ruleJoin', { friend: reward(data.rewards.invitee), you: reward(data.rewards.inviter) }),
    pays(data.rewards.first_task) ? t('invite.ruleTask', { reward: reward(data.rewards.first_task) }) : '',
    pays(data.rewards.first_topup) ? t('invite.ruleTopup', { reward: reward(data.rewards.first_topup) }) : '',
    data.bonus_days > 0 ? t('invite.ruleBonusDays', { days: data.bonus_days }) : t('invite.ruleBonusForever'),
    t('invite.ruleFair'),
  ].filter(Boolean);
  return (
    <section className="money-card" data-testid="invite-rules">
      <h2 className="money-card__title">{t('invite.rulesTitle')}</h2>
      <ol className="invite-rules">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ol>
    </section>
  );
}
