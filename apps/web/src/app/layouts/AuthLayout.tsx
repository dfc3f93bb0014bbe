import { Outlet, Link } from 'react-router';
import { DEFAULT_SITE_NAME, useSiteConfig } from '../../lib/siteConfig.ts';
import styles from './AuthLayout.module.css';

/** Sign-in and registration: a slim brand bar over a calm purple backdrop. */
export function AuthLayout() {
  const site = useSiteConfig().data;
  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <Link to="/" className={styles.brand}>
          {/* The logo is the shop's wordmark: it carries the site name, which the alt text repeats for screen readers. */}
          <img src={site?.logo ? String(site.logo) : '/static/site/logo.svg'} alt={site?.siteName ?? DEFAULT_SITE_NAME} className={styles.logo} />
        </Link>
        <span className={styles.tagline}>欢迎登录</span>
      </header>
      <main className={styles.main}>
        <section className={styles.intro}>
          <h1>品质好物，一站优选</h1>
          <p>正品保障 · 极速发货 · 七天无理由退货</p>
        </section>
        <Outlet />
      </main>
      <footer className={styles.footer}>© {new Date().getFullYear()} {site?.siteName ?? DEFAULT_SITE_NAME} 版权所有</footer>
    </div>
  );
}
