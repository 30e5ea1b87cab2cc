import { WorkType } from '@dm51/shared';
import { WorkDetailRoute } from '../../components/work-detail/WorkDetailRoute';

/** Novel cover (/pages/novel/cover?column=ID). */
export default function CoverPage() {
  return <WorkDetailRoute type={WorkType.NOVEL} />;
}
