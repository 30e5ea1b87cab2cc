import type { ReactNode } from 'react';
import type { TabIconName } from '../tabbar/tab-items';

/**
 * Home-drawn tab icons on a 24-unit grid. They paint in currentColor, so the theme's selected and
 * unselected colours apply; the selected variant adds a soft tint fill.
 */
const SHAPES: Record<TabIconName, ReactNode> = {
  comics: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3.5" />
      <path d="M3 11.5h18M11 3v8.5M14.5 11.5V21" fill="none" />
    </>
  ),
  novels: (
    <>
      <path d="M5 5.5A2.5 2.5 0 0 1 7.5 3H19v15H7.5A2.5 2.5 0 0 0 5 20.5z" />
      <path d="M5 20.5A2.5 2.5 0 0 0 7.5 23H19v-5M9 7.5h6M9 11h4" fill="none" />
    </>
  ),
  anime: (
    <>
      <rect x="2.5" y="6" width="19" height="14" rx="3.5" />
      <path d="M8.5 2.5 12 6l3.5-3.5" fill="none" />
      <path d="M10.2 10.2v5.6l4.8-2.8z" fill="currentColor" fillOpacity="1" stroke="none" />
    </>
  ),
  sort: (
    <>
      <rect x="3" y="3" width="7.5" height="7.5" rx="2" />
      <rect x="13.5" y="3" width="7.5" height="7.5" rx="2" />
      <rect x="3" y="13.5" width="7.5" height="7.5" rx="2" />
      <circle cx="17.25" cy="17.25" r="3.75" />
    </>
  ),
  quest: (
    <>
      <rect x="4.5" y="4" width="15" height="18" rx="2.5" />
      <path d="M9 2.5h6v3H9z" />
      <path d="M8.5 13.2l2.4 2.4 4.6-4.8" fill="none" />
    </>
  ),
  ai: (
    <>
      <path d="M11 3.5l2.1 5.4 5.4 2.1-5.4 2.1L11 18.5l-2.1-5.4L3.5 11l5.4-2.1z" />
      <path d="M18.5 15.5l.9 2.1 2.1.9-2.1.9-.9 2.1-.9-2.1-2.1-.9 2.1-.9z" />
    </>
  ),
  mine: (
    <>
      <circle cx="12" cy="8" r="4.5" />
      <path d="M3.5 21.5c.6-4.3 4.1-7 8.5-7s7.9 2.7 8.5 7z" />
    </>
  ),
};

export function TabIcon({ name, active, size }: { name: TabIconName; active: boolean; size: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      fill={active ? 'currentColor' : 'none'}
      fillOpacity={active ? 0.18 : 1}
      stroke="currentColor"
      strokeWidth={active ? 2 : 1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {SHAPES[name]}
    </svg>
  );
}
