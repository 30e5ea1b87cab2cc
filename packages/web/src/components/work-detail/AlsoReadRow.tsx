import { useTranslation } from 'react-i18next';
import { WorkStrip } from '../work-card/WorkGrid';
import { useAlsoReadQuery } from '../../state/queries/recommendation';
import './also-read.css';

/**
 * "Readers of this also read" under a work's detail (comics, novels, anime): a sideways row of the
 * works of the same kind its readers read or shelved most. Nothing at all while it loads, when it
 * fails or when there is nothing to show: a work few people read has no such row.
 */
export function AlsoReadRow({ workId, title }: { workId: number; title?: string }) {
  const { t } = useTranslation();
  const row = useAlsoReadQuery(workId);
  const items = row.data?.list ?? [];
  if (items.length === 0) return null;
  return (
    <section className="also-read" data-testid="detail-also-read">
      <h2 className="also-read__title">{title ?? t('catalogue.sectionAlsoRead')}</h2>
      <WorkStrip items={items} />
    </section>
  );
}
