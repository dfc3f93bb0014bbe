import { Outlet } from 'react-router';
import { SiteHeader } from './SiteHeader.tsx';
import { DEFAULT_SITE_NAME, useSiteConfig } from '../../lib/siteConfig.ts';

/** The shop: header, a centred 1200 px column, footer. */
export function MainLayout() {
  const site = useSiteConfig().data;
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SiteHeader />
      <main style={{ flex: 1, width: '100%', maxWidth: 1200, margin: '0 auto', padding: '24px', boxSizing: 'border-box' }}>
        <Outlet />
      </main>
      <footer style={{ textAlign: 'center', color: '#6b6b6b', fontSize: 12, padding: '24px 0' }}>
        © {new Date().getFullYear()} {site?.siteName ?? DEFAULT_SITE_NAME}
        {site?.servicePhone ? ` · 客服电话 ${String(site.servicePhone)}` : ''}
      </footer>
    </div>
  );
}
