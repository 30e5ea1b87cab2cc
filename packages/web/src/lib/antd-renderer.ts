import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile 5 renders Toast, Dialog, ActionSheet and ImageViewer through ReactDOM.render, which
 * React 19 removed; this hands it createRoot instead. A module of its own, loaded right after the
 * first render (main.tsx) and before the first toast (lazy-toast.ts): antd's default renderer drags
 * rc-util and the regenerator runtime along, which the first paint does not need.
 */
unstableSetRender((node, container) => {
  const holder = container as (Element | DocumentFragment) & { __dm51Root?: Root };
  holder.__dm51Root ??= createRoot(holder);
  const root = holder.__dm51Root;
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
    delete holder.__dm51Root;
  };
});
