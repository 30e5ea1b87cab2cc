import { useCallback } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { backAction } from '../../routes/back-rule';
import { currentDepth } from '../../routes/history-depth';

/** The spec's back behaviour (§2): history back, or home when this is the only page. */
export function useBack(): () => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(() => {
    const action = backAction(currentDepth(), pathname);
    if (action.kind === 'history') navigate(-1);
    else if (action.kind === 'replace') navigate(action.path, { replace: true });
  }, [navigate, pathname]);
}
