import { coverTone, titleSize } from './cover-tone';
import './generated-cover.css';

/**
 * The cover of a work that has none (a novel imported without a cover image): its title, and its
 * author when the caller knows it, set like a book's cover on one of the theme's colour pairs,
 * chosen from the title. Pure CSS over real text: cheap in a grid of dozens, nothing to fetch, and
 * read by screen readers as the title. It fills its parent's box (XfileImage keeps the box).
 */
export function GeneratedCover({ title, author }: { title: string; author?: string }) {
  return (
    <span
      className="generated-cover"
      data-tone={coverTone(title)}
      data-testid="generated-cover"
      role="img"
      aria-label={title}
    >
      <span className="generated-cover__frame" />
      <span className="generated-cover__text">
        <span className="generated-cover__title" data-size={titleSize(title)}>
          {title}
        </span>
        <span className="generated-cover__rule" />
        {author && <span className="generated-cover__author">{author}</span>}
      </span>
    </span>
  );
}
