import { useTranslation } from 'react-i18next';
import { CommentImages } from '../../../components/comments/CommentImages';
import { NavBar } from '../../../components/nav-bar/NavBar';
import { PagedListView } from '../../../components/paged-list/PagedListView';
import { useRelativeTime } from '../../../lib/relative-time';
import { useFeedbackLog } from '../../../state/queries/feedback';
import type { PageProps } from '../../page-props';
import '../../../components/comments/community-pages.css';
import '../../../components/comments/comments.css';

/** /pages/user/feedback/log: my feedback, newest first, with the operator's reply when there is one. */
export default function LogPage({ route }: PageProps) {
  const { t } = useTranslation();
  const when = useRelativeTime();
  const list = useFeedbackLog();
  return (
    <div className="page community-page" data-testid="feedback-log-page">
      <NavBar title={t(route.titleKey)} />
      <PagedListView
        list={list}
        empty={{ title: t('community.noFeedback'), kind: 'soon' }}
        testId="feedback-log"
      >
        {(items) =>
          items.map((item) => (
            <article key={item.id} className="community-card" data-testid={`feedback-${item.id}`}>
              <p className="community-card__meta">
                {t(`community.feedbackTypes.t${item.type}`)} · {when(item.addtime)}
              </p>
              <p className="community-card__text">{item.content}</p>
              <CommentImages images={item.imgList} testId={`feedback-images-${item.id}`} />
              <p
                className={`community-card__reply${item.reply ? '' : ' community-card__reply--waiting'}`}
                data-testid={`feedback-reply-${item.id}`}
              >
                {item.reply
                  ? t('community.operatorReply', { reply: item.reply })
                  : t('community.awaitingReply')}
              </p>
            </article>
          ))
        }
      </PagedListView>
    </div>
  );
}
