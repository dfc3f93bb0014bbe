import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take (lazy chunk, first data) before focus settles on <main> itself. */
const WAIT_FOR_HEADING_MS = 3000;

/** The new page's heading: the first h1, else the first h2, inside <main>. */
function pageHeading(): HTMLElement | null {
  const main = document.querySelector('main');
  return main?.querySelector<HTMLElement>('h1') ?? main?.querySelector<HTMLElement>('h2') ?? null;
}

function focusQuietly(el: HTMLElement) {
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.setAttribute('data-route-focus', '');
  el.focus({ preventScroll: true });
}

/**
 * After a navigation to another page (a new path; not a changed filter or tab in the query), moves
 * focus to the new page's heading so that a screen reader announces it and Tab continues from there.
 * The first page load keeps the browser's own focus; focus the buyer moved meanwhile is left alone.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);

  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    const before = document.activeElement;
    const started = performance.now();
    let frame = 0;
    const attempt = () => {
      const now = document.activeElement;
      if (now !== before && now !== document.body && now !== null) return; // the buyer moved on
      const heading = pageHeading();
      if (heading) return focusQuietly(heading);
      if (performance.now() - started > WAIT_FOR_HEADING_MS) {
        const main = document.querySelector('main');
        if (main) focusQuietly(main);
        return;
      }
      frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);

  return null;
}
