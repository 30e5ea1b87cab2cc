import { useEffect, useState } from 'react';
import { afterLanding } from './after-landing';

/**
 * Whether the launch's landing image has painted (lib/after-landing.ts): false on the first render
 * of a launch, true a frame after mounting on any later page. For what the first screen does not
 * show (the shell's extras, a detail page's comments).
 */
export function useLanded(): boolean {
  const [landed, setLanded] = useState(false);
  useEffect(() => {
    let live = true;
    void afterLanding().then(() => live && setLanded(true));
    return () => {
      live = false;
    };
  }, []);
  return landed;
}
