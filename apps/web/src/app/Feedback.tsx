import { lazy, Suspense, useEffect, useState } from 'react';
import { feedbackWanted, wantFeedback } from '../lib/feedback.ts';

const FeedbackHost = lazy(() => import('./FeedbackHost.tsx'));

/** How long after start the toasts and dialogs are loaded anyway, when nobody has touched the page. */
const LOAD_ANYWAY_MS = 5000;
const FIRST_TOUCH = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Renders antd's toast and dialog holders (inside ConfigProvider, so they wear the shop's theme) once
 * they are wanted: at the first toast or dialog, at the buyer's first touch or key (most toasts answer
 * one), or a few seconds after start; never before the first screen's own scripts.
 */
export function Feedback() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const { now, stop } = feedbackWanted(() => setMounted(true));
    if (now) setMounted(true);
    const timer = window.setTimeout(wantFeedback, LOAD_ANYWAY_MS);
    for (const type of FIRST_TOUCH)
      window.addEventListener(type, wantFeedback, { once: true, passive: true, capture: true });
    return () => {
      stop();
      window.clearTimeout(timer);
      for (const type of FIRST_TOUCH) window.removeEventListener(type, wantFeedback, { capture: true });
    };
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackHost />
    </Suspense>
  );
}
