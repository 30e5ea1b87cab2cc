import { useTranslation } from 'react-i18next';
import { MixedListCard } from '../mixed-list-card/MixedListCard';
import { useAlsoReadQuery } from '../../state/queries/recommendation';
import './also-read.css';

/**
 * "Readers of this also read" under a work's detail: a sideways row of the works its readers read
 * or shelved most. Nothing at all while it loads, when it fails or when there is nothing to show:
 * a work few people read has no such row.
 */
export function AlsoReadRow({ workId }: { workId: number }) {
  const { t } = useTranslation();
  const row = useAlsoReadQuery(workId);
  const items = row.data?.list ?? [];
  if (items.length === 0) return null;
  return (
    <section className="also-read" data-testid="detail-also-read">
      <h2 className="also-read__title">{t('catalogue.sectionAlsoRead')}</h2>
      <div className="also-read__strip">
        {items.map((item) => (
          <div key={`${item.type}:${item.relate_id}`} className="also-read__item">
            <MixedListCard item={item} />
          </div>
        ))}
      </div>
    </section>
  );
}
