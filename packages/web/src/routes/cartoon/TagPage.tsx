import { WorkType } from '@dm51/shared';
import { TagWorksPage } from '../../components/work-card/TagWorksPage';
import type { PageProps } from '../page-props';

/** Comic tag page (/pages/cartoon/tag?id=TAG&name=NAME; without an id: every comic tag). */
export default function TagPage({ route }: PageProps) {
  return <TagWorksPage type={WorkType.COMIC} route={route} />;
}
