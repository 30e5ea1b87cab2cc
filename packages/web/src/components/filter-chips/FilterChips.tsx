import './filter-chips.css';

export interface ChipOption<V extends string | number> {
  value: V;
  label: string;
}

/** One sideways-scrolling row of exclusive choices (category, status, order...). */
export function FilterChips<V extends string | number>({
  options,
  value,
  onChange,
  testId,
  label,
}: {
  options: readonly ChipOption<V>[];
  value: V;
  onChange: (value: V) => void;
  testId: string;
  label: string;
}) {
  return (
    <div className="filter-chips" role="radiogroup" aria-label={label} data-testid={testId}>
      {options.map((option) => (
        <button
          key={String(option.value)}
          type="button"
          role="radio"
          aria-checked={option.value === value}
          className={`filter-chips__chip${option.value === value ? ' filter-chips__chip--on' : ''}`}
          data-testid={`${testId}-${option.value}`}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** Underlined tabs (comics/novels, ranking kinds). */
export function SegmentTabs<V extends string | number>({
  options,
  value,
  onChange,
  testId,
}: {
  options: readonly ChipOption<V>[];
  value: V;
  onChange: (value: V) => void;
  testId: string;
}) {
  return (
    <div className="segment-tabs" role="tablist" data-testid={testId}>
      {options.map((option) => (
        <button
          key={String(option.value)}
          type="button"
          role="tab"
          aria-selected={option.value === value}
          className={`segment-tabs__tab${option.value === value ? ' segment-tabs__tab--on' : ''}`}
          data-testid={`${testId}-${option.value}`}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
