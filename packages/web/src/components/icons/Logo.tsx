import { useId } from 'react';

/**
 * The brand mark: a speech bubble (comics, novels) holding a play button (anime) on the brand
 * gradient. scripts/make-icons.mjs draws the same shapes for the PWA icons.
 */
export function Logo({ size = 48, radius = 14 }: { size?: number; radius?: number }) {
  const id = useId();
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" className="logo">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#FF8A7A" />
          <stop offset="0.55" stopColor="#FD586D" />
          <stop offset="1" stopColor="#E23A6E" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx={radius} fill={`url(#${id})`} />
      <path
        d="M20 13h24a9 9 0 0 1 9 9v13a9 9 0 0 1-9 9H29l-9.5 8.5V44H20a9 9 0 0 1-9-9V22a9 9 0 0 1 9-9z"
        fill="#fff"
      />
      <path d="M28 21.5v15l12.5-7.5z" fill="#FD586D" />
    </svg>
  );
}
