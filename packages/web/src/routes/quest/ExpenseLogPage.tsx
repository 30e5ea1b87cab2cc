import type { ExpenseItem } from '@dm51/shared';
import { useTranslation } from 'react-i18next';
import { formatMoney, signedCount, vipSpan } from '../../lib/money';
import { useRelativeTime } from '../../lib/relative-time';
import { useExpenseLog } from '../../state/queries/money';
import type { PageProps } from '../page-props';
import { MoneyLogPage } from './MoneyLogPage';

const tone = (n: number) => (n > 0 ? 'money-plus' : 'money-minus');

function ExpenseRow({ item }: { item: ExpenseItem }) {
  const { t } = useTranslation();
  const when = useRelativeTime();
  const vip = item.vip_seconds !== 0 ? vipSpan(item.vip_seconds) : null;
  return (
    <div className="money-row" data-testid="expense-row" data-kind={item.kind}>
      <span className="money-row__body">
        <span className="money-row__title">{item.title}</span>
        <span className="money-row__meta">
          <span className="money-row__kind">{t(`moneyLog.kind.${item.kind}`)}</span>
          {when(item.addtime)}
          {item.amount_fen !== 0 && (
            <span data-testid="expense-money">
              {' · '}
              {t(item.amount_fen > 0 ? 'moneyLog.paid' : 'moneyLog.refunded', {
                amount: formatMoney(Math.abs(item.amount_fen), item.currency),
              })}
            </span>
          )}
        </span>
      </span>
      <span className="money-row__changes">
        {item.coins !== 0 && (
          <span className={tone(item.coins)} data-testid="expense-coins">
            {t('moneyLog.coins', { count: Math.abs(item.coins), n: signedCount(item.coins) })}
          </span>
        )}
        {item.bonus !== 0 && (
          <span className={tone(item.bonus)} data-testid="expense-bonus">
            {t('moneyLog.bonus', { count: Math.abs(item.bonus), n: signedCount(item.bonus) })}
          </span>
        )}
        {vip && (
          <span className={tone(item.vip_seconds)} data-testid="expense-vip">
            {item.vip_seconds > 0 ? '+' : '\u2212'}
            {t(`moneyLog.vip.${vip.unit}`, { count: vip.count })}
          </span>
        )}
      </span>
    </div>
  );
}

/** Spending (/pages/quest/expenseLog): every movement of the wallet, newest first. */
export default function ExpenseLogPage({ route }: PageProps) {
  const { t } = useTranslation();
  const list = useExpenseLog();
  return (
    <MoneyLogPage
      route={route}
      list={list}
      testId="expense-log-page"
      listTestId="expense-list"
      empty={{ title: t('moneyLog.expensesEmpty'), hint: t('moneyLog.expensesEmptyHint') }}
    >
      {(items) => items.map((item) => <ExpenseRow key={item.id} item={item} />)}
    </MoneyLogPage>
  );
}
