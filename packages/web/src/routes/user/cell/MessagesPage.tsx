import { Badge } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router';
import { badgeText } from '../../../components/comments/badge';
import { NavBar } from '../../../components/nav-bar/NavBar';
import { PagedListView } from '../../../components/paged-list/PagedListView';
import { useRelativeTime } from '../../../lib/relative-time';
import { useMessageList, useMessageNums, useReadAll } from '../../../state/queries/message';
import type { PageProps } from '../../page-props';
import { messageTitle } from '../../../lib/message-title';
import { displayName } from '../../../lib/display-name';
import '../../../components/comments/community-pages.css';

const TABS = [
  { type: 0, key: 'all', count: 'total' },
  { type: 2, key: 'reply', count: 'reply' },
  { type: 3, key: 'update', count: 'update' },
  { type: 1, key: 'system', count: 'system' },
] as const;

/** Line icons: 1 system (bell), 2 reply (speech bubble), 3 update (book). */
const ICONS: Record<number, string> = {
  1: 'M6 17V11a6 6 0 0 1 12 0v6l2 2H4l2-2zM10 21h4',
  2: 'M4 5h16v11H9l-5 4V5z',
  3: 'M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2V5zM8 7h7',
};

/** /pages/user/cell/mes: messages by type with unread badges on tabs and a dot on unread rows. */
export default function MessagesPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const when = useRelativeTime();
  const [type, setType] = useState<number>(0);
  const nums = useMessageNums();
  const list = useMessageList(type);
  const readAll = useReadAll();
  return (
    <div className="page community-page" data-testid="messages-page">
      <NavBar
        title={t(route.titleKey)}
        right={
          <button
            type="button"
            className="community-page__nav-action"
            data-testid="messages-read-all"
            onClick={() => readAll.mutate(type)}
          >
            {t('community.readAll')}
          </button>
        }
      />
      <div className="community-tabs" role="tablist">
        {TABS.map((tab) => {
          const text = badgeText(nums.data?.[tab.count] ?? 0);
          return (
            <button
              key={tab.key}
              type="button"
              role="tab"
              aria-selected={type === tab.type}
              className={`community-tabs__item${type === tab.type ? ' community-tabs__item--on' : ''}`}
              data-testid={`messages-tab-${tab.key}`}
              onClick={() => setType(tab.type)}
            >
              <Badge content={text} style={{ '--right': '-10px', '--top': '2px' }}>
                <span>{t(`community.tab.${tab.key}`)}</span>
              </Badge>
              {text && (
                <span hidden data-testid={`messages-badge-${tab.key}`}>
                  {text}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <PagedListView
        list={list}
        empty={{ title: t('community.noMessages'), kind: 'soon' }}
        testId="messages-list"
        skeleton={<p className="community-page__hint">{t('community.loading')}</p>}
      >
        {(items) =>
          items.map((item) => (
            <button
              key={item.id}
              type="button"
              className="message-row"
              data-testid={`message-${item.id}`}
              data-read={item.is_read}
              onClick={() => void navigate(`/pages/user/cell/mesDetails?id=${item.id}`)}
            >
              <Badge content={item.is_read ? null : Badge.dot}>
                <span className={`message-row__icon message-row__icon--t${item.type}`} aria-hidden="true">
                  <svg viewBox="0 0 24 24" width="20" height="20">
                    <path
                      d={ICONS[item.type] ?? ICONS[1]}
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.8"
                    />
                  </svg>
                </span>
              </Badge>
              <span className="message-row__body">
                <span className="message-row__title">
                  {item.type === 2
                    ? t('community.replyFrom', {
                        name: displayName(item.from_nichen, t) || t('community.anonymous'),
                      })
                    : messageTitle(t, i18n, item)}
                </span>
                <span className="message-row__content">{item.content}</span>
              </span>
              <span className="message-row__time">{when(item.addtime)}</span>
            </button>
          ))
        }
      </PagedListView>
    </div>
  );
}
