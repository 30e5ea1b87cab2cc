import type { ReactNode } from 'react';
import './money.css';

interface MoneyButtonProps {
  testId: string;
  onClick: () => void;
  children: ReactNode;
  /** 'primary' (theme colour), 'vip' (gold) or 'ghost' (outlined, the secondary way out). */
  variant?: 'primary' | 'vip' | 'ghost';
  disabled?: boolean;
  /** Working on it, but still tappable (e.g. a repeat that is safe by its idempotency key). */
  busy?: boolean;
  className?: string;
}

/** The full-width rounded button of every money screen: buy, pay, top up, and their ways back. */
export function MoneyButton({
  testId,
  onClick,
  children,
  variant = 'primary',
  disabled = false,
  busy = false,
  className = '',
}: MoneyButtonProps) {
  const classes = ['money-button', variant === 'primary' ? '' : `money-button--${variant}`, className];
  return (
    <button
      type="button"
      className={classes.filter(Boolean).join(' ')}
      data-testid={testId}
      disabled={disabled}
      aria-busy={busy}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
