import { ApiCode, type UnlockOption } from '@dm51/shared';
import Popup from 'antd-mobile/es/components/popup';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from '../../lib/router';
import { showBottomToast } from '../../lib/api/lazy-toast';
import { isApiCode } from '../../lib/api/errors';
import { groupThousands } from '../../lib/money';
import { LOGIN_PATH } from '../../routes/route-table';
import { isLoggedIn } from '../../state/session';
import { useSession } from '../../state/use-session';
import { invalidateUnlocked, useUnlockQuote } from '../../state/queries/money';
import { QueryError } from '../query-state/QueryError';
import { balanceHref, vipHref } from '../../lib/money-paths';
import { useAutoUnlock, useUnlockBuy } from './use-unlock-buy';
import { useQueryClient } from '@tanstack/react-query';
import { MoneyButton } from '../money/MoneyButton';
import '../money/money.css';
import './unlock-sheet.css';

interface UnlockSheetProps {
  visible: boolean;
  onClose: () => void;
  /** WorkType of the chapter: picks the buy call. */
  type: number;
  chapterId: number;
  chapterName: string;
}

/** The quote's batch options; a quote without any still offers this chapter alone at its price. */
function optionsOf(options: UnlockOption[], price: number): UnlockOption[] {
  if (options.length > 0) return options;
  return price > 0 ? [{ count: 1, coins: price, list_coins: price, discount_percent: 0 }] : [];
}

/**
 * The unlock sheet (WEBTOON / Qidian style): price, the wallet, unlock this chapter or the next N with
 * a discount, the work's auto-unlock switch, "Become VIP" for VIP chapters, and one big button that
 * buys — or, when the wallet is short, leads to the top-up page and back here afterwards.
 */
export function UnlockSheet({ visible, onClose, type, chapterId, chapterName }: UnlockSheetProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const session = useSession();
  const quote = useUnlockQuote(chapterId, visible);
  const buy = useUnlockBuy(type, chapterId);
  const auto = useAutoUnlock(quote.data?.work_id ?? 0, chapterId);
  const [count, setCount] = useState(1);
  const loggedIn = isLoggedIn(session);

  const data = quote.data;
  const options = data ? optionsOf(data.options, data.price) : [];
  const chosen = options.find((option) => option.count === count) ?? options[0];

  // Opened meanwhile (bought on another device, VIP started): let the reader fetch it.
  const open = data?.locked === 0;
  useEffect(() => {
    if (!open) return;
    invalidateUnlocked(client);
    onClose();
  }, [open, client, onClose]);

  const here = `${location.pathname}${location.search}`;
  const short = !!chosen && !!data && chosen.coins > data.wallet.total;

  const onBuy = () => {
    if (!loggedIn) return navigate(LOGIN_PATH);
    if (!chosen || buy.isPending) return;
    buy.mutate(chosen.count, {
      onSuccess: (result) => {
        showBottomToast(t('unlock.unlocked', { count: result.chapter_ids.length }));
        onClose();
      },
      onError: (error) => {
        // The wallet moved under the sheet: the refreshed quote turns the button into "Top up".
        if (isApiCode(error, ApiCode.BALANCE_SHORT)) void quote.refetch();
      },
    });
  };

  let body;
  if (quote.isError) body = <QueryError onRetry={() => void quote.refetch()} testId="unlock-error" />;
  else if (!data) body = <div className="unlock-sheet__loading" aria-busy="true" />;
  else
    body = (
      <>
        <div className="unlock-sheet__wallet" data-testid="unlock-wallet">
          <span>{t('unlock.balance')}</span>
          <strong>
            {t('money.coinsN', { count: data.wallet.total, n: groupThousands(data.wallet.total) })}
          </strong>
          <small>
            {t('unlock.balanceSplit', {
              cion: groupThousands(data.wallet.cion),
              ticket: groupThousands(data.wallet.ticket),
            })}
          </small>
        </div>
        <div className="unlock-sheet__options" role="radiogroup" aria-label={t('unlock.title')}>
          {options.map((option) => {
            const selected = option === chosen;
            return (
              <button
                key={option.count}
                type="button"
                role="radio"
                aria-checked={selected}
                className={`unlock-option${selected ? ' unlock-option--on' : ''}`}
                data-testid={`unlock-option-${option.count}`}
                onClick={() => setCount(option.count)}
              >
                <span className="unlock-option__what">
                  {option.count === 1
                    ? t('unlock.optionOne')
                    : t('unlock.optionNext', { count: option.count })}
                  {option.discount_percent > 0 && (
                    <em className="unlock-option__off">
                      {t('unlock.discount', { percent: option.discount_percent })}
                    </em>
                  )}
                </span>
                <span className="unlock-option__price">
                  {option.list_coins > option.coins && <s>{groupThousands(option.list_coins)}</s>}
                  {t('money.coinsN', { count: option.coins, n: groupThousands(option.coins) })}
                </span>
              </button>
            );
          })}
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={data.auto_unlock === 1}
          className="unlock-sheet__auto"
          data-testid="unlock-auto"
          disabled={auto.isPending}
          onClick={() => (loggedIn ? auto.mutate(data.auto_unlock !== 1) : navigate(LOGIN_PATH))}
        >
          <span>
            <strong>{t('unlock.auto')}</strong>
            <small>{t('unlock.autoHint')}</small>
          </span>
          <span className="unlock-switch" aria-hidden="true" />
        </button>
        <div className="unlock-sheet__actions">
          {short ? (
            <MoneyButton
              testId="unlock-topup"
              onClick={() => navigate(loggedIn ? balanceHref(here) : LOGIN_PATH)}
            >
              {t('unlock.topup')}
              <small>
                {t('unlock.shortBy', {
                  count: chosen.coins - data.wallet.total,
                  n: groupThousands(chosen.coins - data.wallet.total),
                })}
              </small>
            </MoneyButton>
          ) : (
            chosen && (
              <MoneyButton testId="unlock-buy" disabled={buy.isPending} onClick={onBuy}>
                {t('unlock.buy', { count: chosen.coins, n: groupThousands(chosen.coins) })}
              </MoneyButton>
            )
          )}
          {data.reason === 'vip' && (
            <MoneyButton testId="unlock-vip" variant="vip" onClick={() => navigate(vipHref(here))}>
              {t('reader.vipCta')}
            </MoneyButton>
          )}
        </div>
      </>
    );

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="unlock-sheet"
      destroyOnClose
      stopPropagation={['click']}
    >
      <div
        data-testid="unlock-sheet"
        data-reason={data?.reason ?? ''}
        role="dialog"
        aria-labelledby="unlock-title"
      >
        <header className="unlock-sheet__head">
          <div>
            <h2 id="unlock-title">{t('unlock.title')}</h2>
            <p>{chapterName}</p>
          </div>
          <button
            type="button"
            className="unlock-sheet__close"
            aria-label={t('common.close')}
            data-testid="unlock-close"
            onClick={onClose}
          >
            ×
          </button>
        </header>
        {body}
      </div>
    </Popup>
  );
}
