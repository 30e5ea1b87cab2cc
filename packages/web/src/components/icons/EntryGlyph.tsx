import type { ReactNode } from 'react';

export type GlyphName =
  | 'history'
  | 'shelf'
  | 'heart'
  | 'follow'
  | 'bell'
  | 'task'
  | 'log'
  | 'ai'
  | 'gift'
  | 'wallet'
  | 'receipt'
  | 'coin'
  | 'gear'
  | 'chat'
  | 'help'
  | 'headset'
  | 'info'
  | 'trophy'
  | 'grid'
  | 'play'
  | 'download';

/** Small line glyphs for entry lists and shortcuts (24-unit grid, currentColor). */
const GLYPHS: Record<GlyphName, ReactNode> = {
  history: <path d="M12 7v5l3 2M4 12a8 8 0 1 0 2.4-5.7M4 4v3.5h3.5" />,
  shelf: <path d="M4 4h4v16H4zM10 4h4v16h-4zM16.5 5.2l3.6-1 3.2 15.4-3.6.9z" transform="translate(-1.5 0)" />,
  heart: <path d="M12 20s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.4 4.3 4.3 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z" />,
  follow: <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />,
  bell: <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0" />,
  task: <path d="M6 4h12v17H6zM9 3h6v3H9zM9 13l2 2 4-4" />,
  log: <path d="M5 4h14v16H5zM8.5 9h7M8.5 12.5h7M8.5 16h4" />,
  ai: (
    <path d="M11 4l1.8 4.6 4.6 1.8-4.6 1.8L11 16.8l-1.8-4.6-4.6-1.8 4.6-1.8zM18 15l.8 1.7 1.7.8-1.7.8L18 20l-.8-1.7-1.7-.8 1.7-.8z" />
  ),
  gift: (
    <path d="M4 9h16v4H4zM5.5 13h13v7h-13zM12 9v11M12 9c-1-3-5-4-5-1.5S12 9 12 9zM12 9c1-3 5-4 5-1.5S12 9 12 9z" />
  ),
  wallet: <path d="M4 7h15v13H4zM4 7l11-3v3M15 13.5h4" />,
  receipt: <path d="M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6" />,
  coin: <path d="M12 4a8 8 0 1 1 0 16 8 8 0 0 1 0-16zM9.5 9.5l2.5 3 2.5-3M12 12.5V16M9.5 13.5h5" />,
  gear: (
    <path d="M10.3 3h3.4l.5 2.4 1.6.9 2.3-.8 1.7 2.9-1.8 1.6v1.9l1.8 1.6-1.7 2.9-2.3-.8-1.6.9-.5 2.4h-3.4l-.5-2.4-1.6-.9-2.3.8-1.7-2.9 1.8-1.6v-1.9L4.2 8.4l1.7-2.9 2.3.8 1.6-.9zM12 9.2a2.8 2.8 0 1 0 0 5.6 2.8 2.8 0 0 0 0-5.6z" />
  ),
  chat: <path d="M4 5h16v11H9l-4 3.5V16H4zM8 9.5h8M8 12.5h5" />,
  help: <path d="M12 4a8 8 0 1 1 0 16 8 8 0 0 1 0-16zM9.6 9.6A2.5 2.5 0 1 1 12 12.6V14M12 16.8v.2" />,
  headset: <path d="M4.5 14v-2a7.5 7.5 0 0 1 15 0v2M4.5 14h3v5h-3zM16.5 14h3v5h-3zM19.5 19c0 1.5-2 2-5 2" />,
  trophy: (
    <path d="M8 4h8v5a4 4 0 0 1-8 0zM8 6H5v1.5A3 3 0 0 0 8 10.5M16 6h3v1.5a3 3 0 0 1-3 3M12 13v4M8.5 20.5h7M10 17h4v3.5h-4z" />
  ),
  grid: <path d="M4 4h6.5v6.5H4zM13.5 4H20v6.5h-6.5zM4 13.5h6.5V20H4zM13.5 13.5H20V20h-6.5z" />,
  play: <path d="M4 5h16v14H4zM10 9v6l5-3z" />,
  download: <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19.5h14" />,
  info: <path d="M12 4a8 8 0 1 1 0 16 8 8 0 0 1 0-16zM12 11v5.5M12 7.8v.2" />,
};

export function EntryGlyph({ name, size = 22 }: { name: GlyphName; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {GLYPHS[name]}
    </svg>
  );
}
