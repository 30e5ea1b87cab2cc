import type { ReactNode } from 'react';
import './empty-state.css';

type Illustration = 'comics' | 'anime' | 'novels' | 'soon';

/** A drawn stack of pages/frames: friendlier than a bare "no data" line. */
function Art({ kind }: { kind: Illustration }) {
  return (
    <svg viewBox="0 0 160 120" width="160" height="120" aria-hidden="true" className="empty-state__art">
      <ellipse cx="80" cy="108" rx="52" ry="6" fill="currentColor" opacity="0.08" />
      <rect
        x="44"
        y="22"
        width="64"
        height="80"
        rx="10"
        fill="var(--assist-bg-color)"
        stroke="var(--border-color)"
        strokeWidth="2"
        transform="rotate(-8 76 62)"
      />
      <rect
        x="52"
        y="18"
        width="64"
        height="80"
        rx="10"
        fill="var(--primary-bg-color)"
        stroke="var(--border-color)"
        strokeWidth="2"
      />
      {kind === 'anime' && <path d="M76 46v24l20-12z" fill="var(--primary-color)" opacity="0.85" />}
      {kind === 'novels' && (
        <g stroke="var(--primary-color)" strokeWidth="4" strokeLinecap="round" opacity="0.8">
          <path d="M66 40h36M66 52h36M66 64h24" />
        </g>
      )}
      {kind === 'comics' && (
        <g fill="none" stroke="var(--primary-color)" strokeWidth="3" opacity="0.8">
          <rect x="62" y="30" width="44" height="56" rx="4" />
          <path d="M62 56h44M84 30v26" />
        </g>
      )}
      {kind === 'soon' && (
        <g fill="none" stroke="var(--primary-color)" strokeWidth="4" strokeLinecap="round" opacity="0.85">
          <circle cx="84" cy="58" r="20" />
          <path d="M84 46v13l8 6" />
        </g>
      )}
      <circle cx="124" cy="26" r="5" fill="var(--primary-color)" opacity="0.35" />
      <circle cx="34" cy="46" r="3.5" fill="var(--primary-color)" opacity="0.25" />
    </svg>
  );
}

export function EmptyState({
  kind,
  title,
  hint,
  action,
  testId = 'empty-state',
}: {
  kind: Illustration;
  title: string;
  hint?: string;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="empty-state" data-testid={testId}>
      <Art kind={kind} />
      <p className="empty-state__title">{title}</p>
      {hint && <p className="empty-state__hint">{hint}</p>}
      {action}
    </div>
  );
}
