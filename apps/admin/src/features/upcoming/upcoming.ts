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

export const UPCOMING: readonly UpcomingFeature[] = [
  {
    path: '/assistant',
    title: '助手',
    feature: '智能购物助手',
    description: '配置买家端购物助手的回答范围、常见问题与推荐规则，查看会话记录。',
  },
];

export function upcomingByPath(path: string): UpcomingFeature | undefined {
  return UPCOMING.find((u) => u.path === path);
}
