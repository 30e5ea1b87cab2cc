import { useTranslation } from 'react-i18next';
import { WorkGrid } from '../../components/work-card/WorkGrid';
import { useForYouQuery } from '../../state/queries/recommendation';
import { HomeSection } from './HomeSection';

/** Covers "for you" shows on home (two rows of the grid). */
const CARDS = 6;

/**
 * Home's "For you": the operator's pins, then works read by readers who read what this reader
 * reads, then the kind's popular works (/v3/reco/for_you). Asked for once `wanted` (below the
 * first screen); nothing shows while it loads, when it fails or when it is empty.
 */
export function ForYouSection({ type, wanted }: { type: number; wanted: boolean }) {
  const { t } = useTranslation();
  const forYou = useForYouQuery(type, wanted);
  const items = forYou.data?.list ?? [];
  if (items.length === 0) return null;
  return (
    <HomeSection title={t('catalogue.sectionForYou')} testId="home-for-you">
      <WorkGrid items={items.slice(0, CARDS)} />
    </HomeSection>
  );
}
