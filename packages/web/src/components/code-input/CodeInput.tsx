import { CODE_INPUT_LENGTH, sanitizeDigits } from '@dm51/shared';
import { useId } from 'react';
import './code-input.css';

interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Called once the input is full (spec §5: the finish event at full length). */
  onComplete?: (value: string) => void;
  length?: number;
  label: string;
  testId?: string;
}

/**
 * The verification code input (spec §5): digits only (dots and anything else stripped, pasted text
 * too), default length 6. One real input under the boxes keeps the phone's numeric keyboard and the
 * one-time-code autofill working.
 */
export function CodeInput({
  value,
  onChange,
  onComplete,
  length = CODE_INPUT_LENGTH,
  label,
  testId = 'code-input',
}: CodeInputProps) {
  const id = useId();
  const change = (raw: string) => {
    const next = sanitizeDigits(raw, length);
    onChange(next);
    if (next.length === length && next !== value) onComplete?.(next);
  };
  return (
    <label className="code-input" htmlFor={id}>
      <input
        id={id}
        className="code-input__field"
        data-testid={testId}
        value={value}
        inputMode="numeric"
        autoComplete="one-time-code"
        aria-label={label}
        maxLength={length + 8}
        onChange={(event) => change(event.target.value)}
      />
      <span className="code-input__boxes" aria-hidden="true">
        {Array.from({ length }, (_, i) => (
          <span
            key={i}
            className={`code-input__box${i === value.length ? ' code-input__box--next' : ''}${value[i] ? ' code-input__box--filled' : ''}`}
          >
            {value[i] ?? ''}
          </span>
        ))}
      </span>
    </label>
  );
}
