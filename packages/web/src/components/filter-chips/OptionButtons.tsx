export interface ChipOption<V extends string | number> {
  value: V;
  label: string;
}

/**
 * The buttons of a row of exclusive choices: filter chips, segment tabs, reader settings, feedback
 * types. Only the look (`className`, plus `--on` for the chosen one) and the role differ; radios say
 * `aria-checked`, tabs `aria-selected`. The caller draws the group around them.
 */
export interface Choice<V extends string | number> {
  options: readonly ChipOption<V>[];
  value: V;
  onChange: (value: V) => void;
  /** Each button is `${testId}-${value}`. */
  testId: string;
}

export function OptionButtons<V extends string | number>({
  options,
  value,
  onChange,
  testId,
  className,
  role = 'radio',
}: Choice<V> & { className: string; role?: 'radio' | 'tab' }) {
  return options.map((option) => {
    const on = option.value === value;
    return (
      <button
        key={String(option.value)}
        type="button"
        role={role}
        aria-checked={role === 'radio' ? on : undefined}
        aria-selected={role === 'tab' ? on : undefined}
        className={`${className}${on ? ` ${className}--on` : ''}`}
        data-testid={`${testId}-${option.value}`}
        onClick={() => onChange(option.value)}
      >
        {option.label}
      </button>
    );
  });
}
