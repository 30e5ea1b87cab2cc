import { useTranslation } from 'react-i18next';
import { showBottomToast } from '../../lib/api/lazy-toast';
import type { AiJobItem } from '../../state/queries/ai';
import { loadImageUrl } from '../xfile-image/use-xfile-image';
import { XfileImage } from '../xfile-image/XfileImage';

async function resultBlob(src: string): Promise<Blob> {
  const url = await loadImageUrl(src);
  return (await fetch(url)).blob();
}

/** Saves the decoded picture as a file (the stored one is XOR-encoded). */
async function save(job: AiJobItem) {
  const url = await loadImageUrl(job.result);
  const link = document.createElement('a');
  link.href = url;
  link.download = `dm51-ai-${job.style}-${job.id}.jpg`;
  document.body.append(link);
  link.click();
  link.remove();
}

/** The system share sheet with the picture where the browser can share files, else the page link. */
async function share(job: AiJobItem, text: string): Promise<boolean> {
  const file = new File([await resultBlob(job.result)], `dm51-ai-${job.id}.jpg`, { type: 'image/jpeg' });
  if (navigator.canShare?.({ files: [file] })) {
    await navigator.share({ files: [file], text });
    return true;
  }
  if (navigator.share) {
    await navigator.share({ text, url: location.href });
    return true;
  }
  await navigator.clipboard?.writeText(location.href);
  return false;
}

/** A finished picture with save and share (and delete, from the gallery). */
export function AiResultView({ job, onDelete }: { job: AiJobItem; onDelete?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="ai-result" data-testid="ai-result">
      <XfileImage src={job.result} alt={t(`ai.style.${job.style}`)} className="ai-result__image" />
      <div className="ai-result__actions">
        <button
          type="button"
          className="ai-chip"
          data-testid="ai-result-save"
          onClick={() => void save(job).catch(() => showBottomToast(t('ai.saveFailed')))}
        >
          {t('ai.save')}
        </button>
        <button
          type="button"
          className="ai-chip"
          data-testid="ai-result-share"
          onClick={() =>
            void share(job, t('ai.shareText'))
              .then((shared) => !shared && showBottomToast(t('ai.linkCopied')))
              .catch(() => undefined)
          }
        >
          {t('ai.share')}
        </button>
        {onDelete && (
          <button
            type="button"
            className="ai-chip ai-chip--danger"
            data-testid="ai-result-delete"
            onClick={onDelete}
          >
            {t('ai.delete')}
          </button>
        )}
      </div>
    </div>
  );
}
