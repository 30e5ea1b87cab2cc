import { Collapse } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router';
import { NavBar } from '../../../components/nav-bar/NavBar';
import { useHelp } from '../../../state/queries/help';
import type { PageProps } from '../../page-props';
import '../../../components/comments/community-pages.css';

/** /pages/user/problem: frequently asked questions, then a way to send feedback. */
export default function ProblemPage({ route }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const help = useHelp();
  return (
    <div className="page community-page" data-testid="problem-page">
      <NavBar title={t(route.titleKey)} />
      {help.data ? (
        <Collapse accordion>
          {help.data.list.map((item) => (
            <Collapse.Panel key={String(item.id)} title={item.title}>
              <p className="community-card__text" data-testid={`problem-${item.id}`}>
                {item.content}
              </p>
            </Collapse.Panel>
          ))}
        </Collapse>
      ) : (
        <p className="community-page__hint">{t('community.loading')}</p>
      )}
      <button
        type="button"
        className="community-button community-button--block"
        data-testid="problem-feedback"
        onClick={() => void navigate('/pages/user/feedback/feedback')}
      >
        {t('community.stillNeedHelp')}
      </button>
    </div>
  );
}
