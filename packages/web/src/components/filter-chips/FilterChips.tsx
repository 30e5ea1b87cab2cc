import { OptionButtons, type ChipOption, type Choice } from './OptionButtons';
import './filter-chips.css';

export type { ChipOption };

/** One sideways-scrolling row of exclusive choices (category, status, order...). */
export function FilterChips<V extends string | number>({ label, ...choice }: Choice<V> & { label: string }) {
  return (
    <div className="filter-chips" role="radiogroup" aria-label={label} data-testid={choice.testId}>
      <OptionButtons {...choice} className="filter-chips__chip" />
    </div>
  );
}

/** Underlined tabs (comics/novels, ranking kinds). */
export function SegmentTabs<V extends string | number>(choice: Choice<V>) {
  return (
    <div className="segment-tabs" role="tablist" data-testid={choice.testId}>
      <OptionButtons {...choice} className="segment-tabs__tab" role="tab" />
    </div>
  );
}
