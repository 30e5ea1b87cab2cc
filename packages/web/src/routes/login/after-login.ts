import { useNavigate, useSearchParams } from '../../lib/router';
import { currentDepth } from '../history-depth';
import { findRoute, USER_PATH } from '../route-table';

/**
 * Where to go after logging in: the page named in `?redirect=` when it is one of ours, else back to
 * the page the user came from before the login pages (`pagesBack` of them: 1 from login, 2 from
 * register or retrieve, which open from login), else the mine page.
 */
export function useAfterLogin(pagesBack = 1): () => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return () => {
    const redirect = params.get('redirect');
    if (redirect && findRoute(redirect)) navigate(redirect, { replace: true });
    else if (currentDepth() >= pagesBack) navigate(-pagesBack);
    else navigate(USER_PATH, { replace: true });
  };
}
