import type { WorkDetail } from '@dm51/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { genreLabel } from '../../lib/genre-label';

/** A detail page's tags (each opens its tag list at `tagPath`) and summary (tap to show it whole). */
export function WorkAbout({ work, tagPath }: { work: WorkDetail; tagPath: string }) {
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const [summaryOpen, setSummaryOpen] = useState(false);
  return (
    <>
      {work.tag_list.length > 0 && (
        <div className="work-detail__tags">
          {work.tag_list.map((tag) => (
            <button
              key={tag.id}
              type="button"
              className="work-detail__tag"
              data-testid={`detail-tag-${tag.id}`}
              onClick={() => navigate(`${tagPath}?id=${tag.id}&name=${encodeURIComponent(tag.name)}`)}
            >
              {genreLabel(tag.name, i18n.language)}
            </button>
          ))}
        </div>
      )}
      {work.summary && (
        <button
          type="button"
          className={`work-detail__summary${summaryOpen ? ' work-detail__summary--open' : ''}`}
          data-testid="detail-summary"
          onClick={() => setSummaryOpen(!summaryOpen)}
        >
          {work.summary}
        </button>
      )}
    </>
  );
}
