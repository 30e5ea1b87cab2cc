import type { WorkDetail } from '@dm51/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showBottomToast } from '../../lib/api/lazy-toast';
import { isLoggedIn, sessionStore } from '../../state/session';
import { invalidate } from '../../state/queries/query-keys';
import { reportShare } from '../../state/queries/task';
import { detailHref } from '../mixed-list-card/card-fields';

/**
 * Shares a work from its detail page: the system share sheet where there is one, else the link is
 * copied. A completed share counts for the daily share task (signed-in users; a dismissed share
 * sheet does not count).
 */
export function ShareButton({ work }: { work: Pick<WorkDetail, 'type' | 'relate_id' | 'name'> }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const share = async () => {
    const url = new URL(`/#${detailHref(work.type, work.relate_id)}`, window.location.origin).toString();
    try {
      if (typeof navigator.share === 'function') await navigator.share({ title: work.name, url });
      else {
        await navigator.clipboard.writeText(url);
        showBottomToast(t('quest.shareCopied'));
      }
    } catch (error) {
      if ((error as { name?: string } | null)?.name !== 'AbortError') showBottomToast(t('quest.shareFailed'));
      return;
    }
    if (!isLoggedIn(sessionStore.get())) return;
    await reportShare(work.type, work.relate_id).catch(() => null);
    invalidate(client, 'tasks');
  };
  return (
    <button
      type="button"
      className="work-detail__fav"
      data-testid="detail-share"
      onClick={() => void share()}
    >
      <svg
        width="22"
        height="22"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7" />
        <path d="M12 3v12" />
        <path d="m7 8 5-5 5 5" />
      </svg>
      <span>{t('quest.share')}</span>
    </button>
  );
}
