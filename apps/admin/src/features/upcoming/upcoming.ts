/**
 * Menu places kept for the features later issues bring (issue 10: 「leave their places visible but
 * say they come with those features」). A feature that lands replaces its line in app/routes.tsx
 * with its own screen and removes its entry here.
 */
export interface UpcomingFeature {
  /** The console path, as in app/routes.tsx. */
  path: string;
  title: string;
  /** The feature that brings the screen. */
  feature: string;
  /** What the screen will do, in a sentence. */
  description: string;
}

export const UPCOMING: readonly UpcomingFeature[] = [];

export function upcomingByPath(path: string): UpcomingFeature | undefined {
  return UPCOMING.find((u) => u.path === path);
}
