import { XfileImage } from '../xfile-image/XfileImage';

/** The author's avatar (`_xfile` ones decoded by XfileImage), or their initial. */
export function CommentAvatar({ src, name }: { src: string; name: string }) {
  if (src) return <XfileImage src={src} alt="" className="comment-avatar" />;
  return (
    <span className="comment-avatar comment-avatar--initial" aria-hidden="true">
      {Array.from(name)[0] ?? '?'}
    </span>
  );
}
