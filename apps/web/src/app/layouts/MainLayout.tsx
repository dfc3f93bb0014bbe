import { Link, Outlet, useLocation } from 'react-router';
import { SiteHeader } from './SiteHeader.tsx';
import { TabBar } from '../../components/phone/TabBar.tsx';
import { useIsPhone } from '../../lib/useIsPhone.ts';
import { DEFAULT_SITE_NAME, useSiteConfig } from '../../lib/siteConfig.ts';

/** Pages whose own sticky bar owns a phone's bottom edge (buy, submit, pay, the assistant's sender): no tab bar there. */
const OWN_BOTTOM_BAR = ['/goodsDetail', '/activityGoodsDetail', '/checkout', '/payment', '/ai/chat'];

/** The shop: header, a centred 1200 px column, footer; on a phone, 12 px margins and the bottom tab bar. */
export function MainLayout() {
  const site = useSiteConfig().data;
  const phone = useIsPhone();
  const { pathname } = useLocation();
  const tabBar = phone && !OWN_BOTTOM_BAR.includes(pathname);
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SiteHeader />
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
