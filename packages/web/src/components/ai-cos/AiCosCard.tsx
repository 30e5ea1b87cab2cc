import { ApiCode, HomeTab } from '@dm51/shared';
import { Popup, ProgressBar } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiCode } from '../../lib/api/errors';
import { useAiJob, useCosCreate, type AiIndex } from '../../state/queries/ai';
import { useHomeQuery } from '../../state/queries/home';
import { WorkCover } from '../generated-cover/WorkCover';
import { AiResultView } from './AiResultView';

type Source =
  { kind: 'photo'; file: File; preview: string } | { kind: 'work'; id: number; pic: string; name: string };

/** Picks a character: one of the recommended comics, whose cover is the source picture. */
function WorkPicker({ onPick, onClose }: { onPick: (source: Source) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const home = useHomeQuery(HomeTab.COMICS);
  const works = [...(home.data?.reco ?? []), ...(home.data?.news ?? [])].filter(
    (work, i, all) => work.pic !== '' && all.findIndex((other) => other.relate_id === work.relate_id) === i,
  );
  return (
    <Popup visible onMaskClick={onClose} bodyClassName="ai-buy" destroyOnClose>
      <div data-testid="ai-work-picker">
        <h3 className="ai-buy__title">{t('ai.pickWork')}</h3>
        <div className="ai-works">
          {works.slice(0, 12).map((work) => (
            <button
              key={work.relate_id}
              type="button"
              className="ai-works__item"
              data-testid="ai-work-item"
              onClick={() => onPick({ kind: 'work', id: work.relate_id, pic: work.pic, name: work.name })}
            >
              <WorkCover src={work.pic} title={work.name} author={work.author} className="ai-works__cover" />
              <span>{work.name}</span>
            </button>
          ))}
        </div>
      </div>
    </Popup>
  );
}

/**
 * AI cos: a photo or a work's cover, a style, Generate; then the job's progress and its result.
 * "No free try left" is the page's to explain (guests: bind; users: buy credits).
 */
export function AiCosCard({ index, onShort }: { index: AiIndex; onShort: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<Source | null>(null);
  const [picking, setPicking] = useState(false);
  const [style, setStyle] = useState(index.styles[0]?.key ?? 'anime');
  const [jobId, setJobId] = useState<number | null>(null);
  const create = useCosCreate();
  const job = useAiJob(jobId);
  const cost = index.styles.find((item) => item.key === style)?.cost ?? 0;
  const running = create.isPending || job.data?.status === 'queued' || job.data?.status === 'running';

  useEffect(
    () => () => {
      if (source?.kind === 'photo') URL.revokeObjectURL(source.preview);
    },
    [source],
  );

  const generate = () => {
    if (!source) return;
    create.mutate(source.kind === 'photo' ? { style, file: source.file } : { style, workId: source.id }, {
      onSuccess: (answer) => setJobId(answer.id),
      onError: (error) => {
        if (isApiCode(error, ApiCode.AI_CREDITS_SHORT)) onShort();
      },
    });
  };

  return (
    <section className="ai-card" data-testid="ai-cos-card">
      <h3 className="ai-card__title">{t('ai.cosTitle')}</h3>
      {index.provider === 'builtin' && <p className="ai-card__note">{t('ai.filterNote')}</p>}
      <div className="ai-source">
        <div className="ai-source__preview" data-testid="ai-source-preview">
          {source?.kind === 'photo' && <img src={source.preview} alt="" />}
          {source?.kind === 'work' && <WorkCover src={source.pic} title={source.name} />}
          {!source && <span>{t('ai.noSource')}</span>}
        </div>
        <div className="ai-source__buttons">
          <button
            type="button"
            className="ai-chip"
            data-testid="ai-upload"
            onClick={() => input.current?.click()}
          >
            {t('ai.upload')}
          </button>
          <button
            type="button"
            className="ai-chip"
            data-testid="ai-pick-work"
            onClick={() => setPicking(true)}
          >
            {t('ai.pickWork')}
          </button>
          <input
            ref={input}
            type="file"
            accept="image/*"
            hidden
            data-testid="ai-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) setSource({ kind: 'photo', file, preview: URL.createObjectURL(file) });
              event.target.value = '';
            }}
          />
        </div>
      </div>
      <div className="ai-styles" role="radiogroup" aria-label={t('ai.styleLabel')}>
        {index.styles.map((item) => (
          <button
            key={item.key}
            type="button"
            role="radio"
            aria-checked={item.key === style}
            className={`ai-style${item.key === style ? ' ai-style--on' : ''}`}
            data-testid={`ai-style-${item.key}`}
            onClick={() => setStyle(item.key)}
          >
            <span className={`ai-style__swatch ai-style__swatch--${item.key}`} aria-hidden="true" />
            <span>{t(`ai.style.${item.key}`, { defaultValue: item.name })}</span>
          </button>
        ))}
      </div>
      <button
        type="button"
        className="money-button"
        data-testid="ai-generate"
        disabled={!source || running}
        onClick={generate}
      >
        {running ? t('ai.generating') : t('ai.generate')}
        <small>{index.free_left > 0 ? t('ai.costFree') : t('ai.costCredits', { count: cost })}</small>
      </button>
      {job.data && (job.data.status === 'queued' || job.data.status === 'running') && (
        <div className="ai-progress" data-testid="ai-progress">
          <ProgressBar percent={job.data.progress} />
          <span>{t(`ai.status.${job.data.status}`)}</span>
        </div>
      )}
      {job.data?.status === 'failed' && (
        <p className="ai-failed" data-testid="ai-failed">
          {t('ai.failed', { error: job.data.error })}
        </p>
      )}
      {job.data?.status === 'done' && <AiResultView job={job.data} />}
      {picking && (
        <WorkPicker
          onClose={() => setPicking(false)}
          onPick={(picked) => {
            setSource(picked);
            setPicking(false);
          }}
        />
      )}
    </section>
  );
}
