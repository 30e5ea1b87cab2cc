import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  type?: 'text' | 'password' | 'email' | 'tel';
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  maxLength?: number;
  hint?: ReactNode;
}

/** A labelled input of the account forms; password fields get a show/hide toggle. */
export function Field({
  label,
  value,
  onChange,
  testId,
  type = 'text',
  placeholder,
  autoComplete,
  inputMode,
  maxLength,
  hint,
}: FieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const isPassword = type === 'password';
  return (
    <label className="auth__field">
      <span className="auth__label">{label}</span>
      <span className="auth__control">
        <input
          className="auth__input"
          data-testid={testId}
          type={isPassword && shown ? 'text' : type}
          value={value}
          placeholder={placeholder}
          autoComplete={autoComplete}
          inputMode={inputMode}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
        />
        {isPassword && (
          <button
            type="button"
            className="auth__eye"
            aria-label={t(shown ? 'accounts.hidePassword' : 'accounts.showPassword')}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.7"
              />
              <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.7" />
              {!shown && (
                <path d="M4 20L20 4" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" />
              )}
            </svg>
          </button>
        )}
      </span>
      {hint && <span className="auth__hint">{hint}</span>}
    </label>
  );
}
