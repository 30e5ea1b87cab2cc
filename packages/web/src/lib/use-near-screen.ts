import { useEffect, useState } from 'react';

/**
 * True once the element has come within `margin` of the screen (like `loading="lazy"`, which a
 * blob URL made after the fetch cannot use, or a list's next page): what lies far down a page is
 * not fetched while the first screen loads. Without IntersectionObserver, at once.
 */
export function useNearScreen(element: Element | null, margin: string): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || element === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element, margin]);
  return near;
}
