import { useSearchParams } from '../../../lib/router';
import { safeBack } from '../../../lib/money-paths';

/** The page to return to after a purchase (`?back=`), passed along from the screen that asked. */
export function useBack(): string | null {
  const [params] = useSearchParams();
  return safeBack(params.get('back'));
}
