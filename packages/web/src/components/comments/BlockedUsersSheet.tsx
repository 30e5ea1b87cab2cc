import { TOAST_MS } from '@dm51/shared';
import { Popup, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../lib/display-name';
import { useBlockAuthor, useBlockedUsers } from '../../state/queries/comment';
import { CommentAvatar } from './CommentAvatar';
import './comments.css';

/**
 * Settings → blocked users: whom this account blocked in comments, each with an unblock button.
 * A blocked author's comments are hidden everywhere, so this is the one place to undo a block.
 */
export function BlockedUsersSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const blocked = useBlockedUsers(open);
  const unblock = useBlockAuthor();
  const users = blocked.data?.users ?? [];

  const release = (id: number) =>
    unblock.mutate(
      { uid: id, block: false },
      { onSuccess: () => Toast.show({ content: t('community.unblocked'), duration: TOAST_MS.product }) },
    );

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="blocked-sheet">
      <div data-testid="blocked-users">
        <h2 className="blocked-sheet__title">{t('community.blockedUsers')}</h2>
        {blocked.isSuccess && users.length === 0 && (
          <p className="blocked-sheet__empty" data-testid="blocked-users-empty">
            {t('community.noBlockedUsers')}
          </p>
        )}
        <ul className="blocked-sheet__list">
          {users.map((user) => {
            const name = displayName(user.nichen, t) || t('community.anonymous');
            return (
              <li key={user.id} className="blocked-sheet__item">
                <CommentAvatar src={user.upic} name={name} />
                <span className="blocked-sheet__name">{name}</span>
                <button
                  type="button"
                  className="blocked-sheet__unblock"
                  data-testid={`unblock-${user.id}`}
                  disabled={unblock.isPending}
                  onClick={() => release(user.id)}
                >
                  {t('community.unblock')}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </Popup>
  );
}
