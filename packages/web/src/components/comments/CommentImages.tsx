import { IMAGE_PREVIEW_ZOOM } from '@dm51/shared';
import { ImageViewer } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { XfileImage } from '../xfile-image/XfileImage';
import { loadImageUrl } from '../xfile-image/use-xfile-image';

/** Thumbnails of a comment's pictures; a tap opens them full screen with zoom 1–4 (spec §9). */
export function CommentImages({ images, testId }: { images: string[]; testId: string }) {
  const { t } = useTranslation();
  if (images.length === 0) return null;
  const open = async (index: number) => {
    const urls = await Promise.all(images.map((src) => loadImageUrl(src).catch(() => '')));
    const viewer = ImageViewer.Multi.show({
      images: urls,
      defaultIndex: index,
      maxZoom: IMAGE_PREVIEW_ZOOM.max,
      renderFooter: () => (
        <button
          type="button"
          className="comment-viewer__close"
          data-testid="image-viewer-close"
          onClick={() => viewer.close()}
        >
          {t('common.close')}
        </button>
      ),
    });
  };
  return (
    <div className="comment-images" data-testid={testId}>
      {images.map((src, index) => (
        <button
          key={`${src}-${index}`}
          type="button"
          className="comment-images__thumb"
          aria-label={t('community.previewImage')}
          data-testid={`${testId}-${index}`}
          onClick={() => void open(index)}
        >
          <XfileImage src={src} alt="" className="comment-images__img" />
        </button>
      ))}
    </div>
  );
}
