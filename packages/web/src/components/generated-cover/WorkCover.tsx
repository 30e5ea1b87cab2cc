import { XfileImage } from '../xfile-image/XfileImage';
import { GeneratedCover } from './GeneratedCover';

/**
 * A work's cover wherever one is drawn (cards, rows, rankings, shelf, history, detail, AI pages):
 * the image when the work has one, a retry when it failed to load, and the generated cover at once
 * when the server sent no cover (an empty `pic`).
 */
export function WorkCover({
  src,
  title,
  author,
  className,
}: {
  src: string;
  title: string;
  author?: string;
  className?: string;
}) {
  return (
    <XfileImage
      src={src}
      alt={title}
      className={className}
      empty={<GeneratedCover title={title} author={author} />}
    />
  );
}
