import { WorkType } from '@dm51/shared';
import { TagWorksPage } from '../../components/work-card/TagWorksPage';
import type { PageProps } from '../page-props';

/** Anime of one tag, or the anime tag cloud (/pages/anime/tag?id=&name=). */
export default function TagPage({ route }: PageProps) {
  return <TagWorksPage type={WorkType.ANIME} route={route} />;
}
