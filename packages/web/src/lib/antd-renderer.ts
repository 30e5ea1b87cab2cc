import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile 5 renders Toast, Dialog, ActionSheet and ImageViewer through rc-util's render helper,
 * which drags rc-util and the regenerator runtime along; this hands it createRoot directly (and
 * stays right if the app moves back to React 19, which removed ReactDOM.render). A module of its
 * own, loaded right after the first render (main.tsx) and before the first toast (lazy-toast.ts):
 * the first paint needs none of it.
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
