import { WorkType } from '@dm51/shared';
import { TagWorksPage } from '../../components/work-card/TagWorksPage';
import type { PageProps } from '../page-props';

/** Novel tag page (/pages/novel/novelTag?id=TAG&name=NAME; without an id: every novel tag). */
export default function NovelTagPage({ route }: PageProps) {
  return <TagWorksPage type={WorkType.NOVEL} route={route} />;
}
