/**
 * Which phone pages show a title bar (a back arrow and the page's title) instead of the logo and the
 * search box, and where the back arrow leads when the app has no page of its own to go back to (a
 * shared link opened in a new tab). The home, the lists and the search keep the logo and search.
 */

/** Pages of one thing or one step: goods, the cart, checkout, the cashier. */
const TITLED_PAGES = ['/goodsDetail', '/activityGoodsDetail', '/points/mallDetail', '/cart', '/checkout', '/payment'];

/** Pages that own the bottom edge (no tab bar): the title bar offers 首页 on its right. */
export const OWN_BOTTOM_BAR = ['/goodsDetail', '/activityGoodsDetail', '/checkout', '/payment', '/ai/chat'];

const trimmed = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** True for the goods, cart, checkout and cashier pages and every member page but 我的 (/user) itself. */
export function hasTitleBar(pathname: string): boolean {
  const path = trimmed(pathname);
  return TITLED_PAGES.includes(path) || (path.startsWith('/user/') && path.length > '/user/'.length);
}

/** A detail page's list, in the member area: [detail path prefix, its list]. */
const DETAIL_PARENTS: [string, string][] = [
  ['/user/order/orderDetail/', '/user/order/myOrder'],
  ['/user/order/afterSaleOrderDetail/', '/user/order/afterSaleOrder'],
  ['/user/distribution/distributionOrderDetail/', '/user/distribution/distributionOrder'],
  ['/user/newDistribution/newDistributionOrderDetail/', '/user/newDistribution/newDistributionOrder'],
];

const PAGE_PARENTS: Record<string, string> = {
  '/points/mallDetail': '/points/mall',
  '/checkout': '/cart',
  '/payment': '/user/order/myOrder',
};

/** Where back leads with no earlier page in the app: a detail's list, a member page's 我的, else home. */
export function parentOf(pathname: string): string {
  const path = trimmed(pathname);
  const detail = DETAIL_PARENTS.find(([prefix]) => path.startsWith(prefix));
  if (detail) return detail[1];
  if (PAGE_PARENTS[path]) return PAGE_PARENTS[path];
  if (path.startsWith('/user/')) return '/user';
  return '/';
}

/**
 * Whether the browser's previous entry is a page of this app: the router numbers its entries from 0
 * (`idx` in history.state) for the first page opened in this tab.
 */
export function hasEarlierPage(historyState: unknown): boolean {
  const idx = (historyState as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' && idx > 0;
}
