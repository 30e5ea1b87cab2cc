import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useXfileImage } from '../xfile-image/use-xfile-image';

function PageImage({ src, index }: { src: string; index: number }) {
  const { t } = useTranslation();
  const image = useXfileImage(src);
  const [broken, setBroken] = useState<string | null>(null);
  if (image.status === 'error' || (image.url !== null && broken === image.url))
    return (
      <button
        type="button"
        className="comic-page__error"
        data-testid="comic-page-error"
        onClick={(event) => {
          event.stopPropagation();
          setBroken(null);
          image.retry();
        }}
      >
        <span>{t('reader.pageFailed', { page: index + 1 })}</span>
        <span className="comic-page__retry">{t('catalogue.imageRetry')}</span>
      </button>
    );
  if (!image.url) return <span className="comic-page__number">{index + 1}</span>;
  return (
    <img
      className="comic-page__img"
      src={image.url}
      alt={t('reader.pageAlt', { page: index + 1 })}
      decoding="async"
      draggable={false}
      onError={() => setBroken(image.url)}
    />
  );
}

/**
 * One comic page. Its box always has the page's reserved size (set by the parent), so nothing
 * moves when the image arrives; the image is only requested once the page is near the screen.
 * Memoised: the list re-renders on every scrolled frame, a page only when its own props change.
 */
export const ComicPage = memo(function ComicPage({
  src,
  index,
  active,
}: {
  src: string;
  index: number;
  active: boolean;
}) {
  return (
    <div className="comic-page" data-testid="comic-page" data-index={index} data-active={active ? 1 : 0}>
      {active ? (
        <PageImage src={src} index={index} />
      ) : (
        <span className="comic-page__number">{index + 1}</span>
      )}
    </div>
  );
});
