import { useTranslation } from 'react-i18next';
import type { AiIndex } from '../../state/queries/ai';

/** Today's free tries and the AI credit balance, with the way to buy more. */
export function AiCreditsHeader({ index, onBuy }: { index: AiIndex; onBuy: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="ai-header" data-testid="ai-header">
      <div className="ai-header__stat">
        <strong data-testid="ai-free-left">
          {index.free_left}/{index.free_daily}
        </strong>
        <span>{t('ai.freeLeft')}</span>
      </div>
      <div className="ai-header__stat">
        <strong data-testid="ai-credits">{index.credits}</strong>
        <span>{t('ai.credits')}</span>
      </div>
      <button type="button" className="ai-header__buy" data-testid="ai-buy-open" onClick={onBuy}>
        {t('ai.buy')}
      </button>
    </section>
  );
}
