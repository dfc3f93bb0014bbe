import FeedbackHost from './FeedbackHost.tsx';

/**
 * antd's toast and dialog holders, rendered with the app inside ConfigProvider (so they wear the shop's
 * theme) and handed to lib/feedback.ts. Loaded with the app: deferring them to the first touch kept about
 * 25 kB off the first screen, but the end-to-end runs of 2026-11-26 failed around sign-in prompts and
 * toasts with it, and it was put back until that is understood (docs/performance.md, "Third pass").
 */
export function Feedback() {
  return <FeedbackHost />;
}
