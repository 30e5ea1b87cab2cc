import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNearScreen } from '../../lib/use-near-screen';
import { imageView } from './image-view';
import { useXfileImage } from './use-xfile-image';
import './xfile-image.css';

export interface XfileImageProps {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  className?: string;
  onError?: () => void;
  /**
   * What the box shows when there is no image at all (an empty src: a work without a cover), in
   * place of the image; nothing but the box's background when not given. Never the retry.
   */
  empty?: ReactNode;
}

/** How far from the screen an image starts loading: a little scrolling ahead, in every direction. */
const NEAR_MARGIN = '300px';

/**
 * The failed image: the error placeholder, which retries on tap. Its own component so that only a
 * failed image subscribes to the language (a home screen has dozens of images, each one a
 * translation hook's work in the first render otherwise).
 */
function XfileImageError({
  className,
  style,
  onRetry,
}: {
  className: string;
  style: CSSProperties | undefined;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`${className} xfile-image--error`}
      style={style}
      data-testid="xfile-image-error"
      aria-label={t('catalogue.imageRetry')}
      onClick={(event) => {
        event.stopPropagation();
        onRetry();
      }}
    >
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
        <path
          d="M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5M9 9.5a1 1 0 1 0 0-.01"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
      <span>{t('catalogue.imageRetry')}</span>
    </button>
  );
}

/**
 * An image by API path, `_xfile` ones decoded first. While loading it keeps its box (from
 * width/height, or the className's size) so nothing jumps; a failure shows the error placeholder,
 * which retries on tap (spec §8). An empty src is no failure: the box shows `empty` (a work's
 * generated cover) at once. It is fetched once near the screen (`useNearScreen`).
 */
export function XfileImage({ src, alt, width, height, className, onError, empty }: XfileImageProps) {
  const [box, setBox] = useState<HTMLSpanElement | null>(null);
  const near = useNearScreen(box, NEAR_MARGIN);
  const image = useXfileImage(src, near);
  const [broken, setBroken] = useState<string | null>(null);
  const view = imageView(src, image.status, image.url !== null && broken === image.url);
  const failed = view === 'error';

  useEffect(() => {
    if (failed) onError?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- report each failure once
  }, [failed]);

  const style: CSSProperties | undefined =
    width && height ? { aspectRatio: `${width} / ${height}` } : undefined;
  const classes = `xfile-image${className ? ` ${className}` : ''}`;

  if (view === 'empty')
    return (
      <span className={`${classes} xfile-image--empty`} style={style} data-status="empty">
        {empty}
      </span>
    );

  if (failed)
    return (
      <XfileImageError
        className={classes}
        style={style}
        onRetry={() => {
          setBroken(null);
          image.retry();
        }}
      />
    );

  return (
    <span
      ref={setBox}
      className={`${classes} xfile-image--${image.status}`}
      style={style}
      data-status={image.status}
    >
      {image.url && (
        <img
          src={image.url}
          alt={alt}
          width={width}
          height={height}
          decoding="async"
          draggable={false}
          onError={() => setBroken(image.url)}
        />
      )}
    </span>
  );
}
