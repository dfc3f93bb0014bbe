import { Link, Outlet, useLocation } from 'react-router';
import { SiteHeader } from './SiteHeader.tsx';
import { PhoneTitleBar } from './PhoneTitleBar.tsx';
import { hasTitleBar, OWN_BOTTOM_BAR } from './titleBar.ts';
import { TabBar } from '../../components/phone/TabBar.tsx';
import { useIsPhone } from '../../lib/useIsPhone.ts';
import { DEFAULT_SITE_NAME, useSiteConfig } from '../../lib/siteConfig.ts';

/**
 * The shop: header, a centred 1200 px column, footer; on a phone, 12 px margins and the bottom tab bar
 * (not where the page's own bar owns the bottom edge), and a title bar with back instead of the logo and
 * search on the goods, cart, checkout, cashier and member pages.
 */
export function MainLayout() {
  const site = useSiteConfig().data;
  const phone = useIsPhone();
  const { pathname } = useLocation();
  const tabBar = phone && !OWN_BOTTOM_BAR.includes(pathname);
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      {phone && hasTitleBar(pathname) ? <PhoneTitleBar /> : <SiteHeader />}
      <main
        style={{
          flex: 1,
          width: '100%',
          maxWidth: 1200,
          margin: '0 auto',
          padding: phone ? '12px' : '24px',
          boxSizing: 'border-box',
        }}
      >
        <Outlet />
      </main>
      <footer
        style={{
          textAlign: 'center',
          color: '#6b6b6b',
          fontSize: 12,
          padding: tabBar ? '12px 0 calc(68px + env(safe-area-inset-bottom))' : '24px 0',
        }}
      >
        <nav aria-label="商家服务" style={{ marginBottom: 6 }}>
          <Link to="/supplier/register" style={{ color: '#6b6b6b' }}>
            供应商入驻
          </Link>
        </nav>
        © {new Date().getFullYear()} {site?.siteName ?? DEFAULT_SITE_NAME}
        {site?.servicePhone ? ` · 客服电话 ${String(site.servicePhone)}` : ''}
      </footer>
      {tabBar ? <TabBar /> : null}
    </div>
  );
}
