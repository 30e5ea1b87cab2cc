import { WorkType } from '@dm51/shared';
import { WorkDetailRoute } from '../../components/work-detail/WorkDetailRoute';

/** Comic detail (/pages/cartoon/details?column=ID). */
export default function DetailsPage() {
  return <WorkDetailRoute type={WorkType.COMIC} />;
}
