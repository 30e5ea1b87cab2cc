import type { WorkCard } from '@dm51/shared';
import { MixedListCard } from '../mixed-list-card/MixedListCard';
import './work-grid.css';

/** Cards three to a row (home sections, category and tag lists). */
export function WorkGrid({ items, showType = false }: { items: readonly WorkCard[]; showType?: boolean }) {
  return (
    <div className="work-grid">
      {items.map((item) => (
        <MixedListCard key={`${item.type}:${item.relate_id}`} item={item} showType={showType} />
      ))}
    </div>
  );
}

/**
 * A sideways row of cards (home's newest, "readers of this also read"): many covers without a long
 * page, about three and a half on screen so the cut card says there is more.
 */
export function WorkStrip({ items }: { items: readonly WorkCard[] }) {
  return (
    <div className="work-strip">
      {items.map((item) => (
        <div key={`${item.type}:${item.relate_id}`} className="work-strip__item">
          <MixedListCard item={item} />
        </div>
      ))}
    </div>
  );
}

/** Rows with a subtitle (search results, author works). */
export function WorkRows({ items, showType = false }: { items: readonly WorkCard[]; showType?: boolean }) {
  return (
    <div className="work-rows">
      {items.map((item) => (
        <MixedListCard
          key={`${item.type}:${item.relate_id}`}
          item={item}
          layout="row"
          showType={showType}
          subtitle={[item.author, item.tags.join(' · ')].filter(Boolean).join('  |  ')}
        />
      ))}
    </div>
  );
}

/** Placeholder cards while the first page loads, so the layout does not jump when it arrives. */
export function WorkGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="work-grid" data-testid="work-skeleton" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className="work-skeleton">
          <span className="work-skeleton__cover" />
          <span className="work-skeleton__line" />
        </span>
      ))}
    </div>
  );
}
