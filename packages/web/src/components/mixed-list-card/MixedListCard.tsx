import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { WorkCover } from '../generated-cover/WorkCover';
import { cardFields, type MixedItem } from './card-fields';
import './mixed-list-card.css';

interface MixedListCardProps {
  item: MixedItem;
  /** The 漫画/小说/动漫 label, for lists that mix types (search, author, history). */
  showType?: boolean;
  /** 'grid': cover above the name (home sections, categories); 'row': cover beside details. */
  layout?: 'grid' | 'row';
  /** Extra line under the name in the row layout (author, tags, ...). */
  subtitle?: string;
  testId?: string;
}

/**
 * The mixed list card of spec §2: cover, score + '分', 完结/连载, VIP mark for pay 2, optional type
 * label, name, and '最新' with the latest chapter for unfinished works. Tap opens the detail route.
 */
export function MixedListCard({
  item,
  showType = false,
  layout = 'grid',
  subtitle,
  testId,
}: MixedListCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fields = cardFields(item);
  return (
    <button
      type="button"
      className={`mixed-card mixed-card--${layout}`}
      data-testid={testId ?? `work-card-${item.relate_id}`}
      onClick={() => navigate(fields.href)}
    >
      <span className="mixed-card__cover">
        <WorkCover src={item.pic} title={item.name} author={item.author} className="mixed-card__image" />
        <span className={`mixed-card__status${fields.finished ? ' mixed-card__status--end' : ''}`}>
          {t(fields.statusKey)}
        </span>
        {fields.vip && (
          <span className="mixed-card__vip" data-testid="card-vip">
            VIP
          </span>
        )}
        {fields.score !== null && (
          <span className="mixed-card__score">{t('card.score', { score: fields.score })}</span>
        )}
      </span>
      <span className="mixed-card__body">
        <span className="mixed-card__name">
          {showType && <span className="mixed-card__type">{t(fields.typeKey)}</span>}
          {item.name}
        </span>
        {layout === 'row' && subtitle && <span className="mixed-card__subtitle">{subtitle}</span>}
        {fields.latest !== null && (
          <span className="mixed-card__latest">
            <span className="mixed-card__latest-tag">{t('card.latest')}</span>
            <span className="mixed-card__latest-name">{fields.latest}</span>
          </span>
        )}
      </span>
    </button>
  );
}
