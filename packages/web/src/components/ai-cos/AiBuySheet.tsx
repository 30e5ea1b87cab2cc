import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { showBottomToast } from '../../lib/api/lazy-toast';
import { useBuyAiCredits, type AiIndex } from '../../state/queries/ai';

/** Credit packs for coins (registered accounts only; the page sends guests to the bind prompt). */
export function AiBuySheet({
  index,
  visible,
  onClose,
}: {
  index: AiIndex;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const buy = useBuyAiCredits();
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="ai-buy" destroyOnClose>
      <div data-testid="ai-buy-sheet">
        <h3 className="ai-buy__title">{t('ai.buyTitle')}</h3>
        <p className="ai-buy__hint">{t('ai.buyCoins', { count: index.coins })}</p>
        <div className="ai-buy__packs">
          {index.packs.map((pack) => (
            <button
              key={pack.key}
              type="button"
              className="ai-buy__pack"
              data-testid={`ai-pack-${pack.key}`}
              disabled={buy.isPending}
              onClick={() =>
                buy.mutate(pack.key, {
                  onSuccess: (answer) => {
                    showBottomToast(t('ai.bought', { count: answer.added }));
                    onClose();
                  },
                })
              }
            >
              <strong>{t('ai.packCredits', { count: pack.credits })}</strong>
              <span>{t('ai.packCoins', { count: pack.coins })}</span>
            </button>
          ))}
        </div>
      </div>
    </Popup>
  );
}
