import { HomeOutlined, LeftOutlined } from '@ant-design/icons';
import { Link, useLocation, useMatches, useNavigate } from 'react-router';
import type { RouteHandle } from '../routes.tsx';
import { hasEarlierPage, OWN_BOTTOM_BAR, parentOf } from './titleBar.ts';
import styles from './SiteHeader.module.css';

/**
 * A phone page's top bar in place of the logo and search (titleBar.ts says which pages): a back arrow,
 * the page's title from the route table, centred, and on pages without the tab bar a way home. Back
 * goes to the previous page of the app, or, opened from a link, to the page's parent.
 */
export function PhoneTitleBar() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const title = [...useMatches()].reverse().map((m) => (m.handle as RouteHandle | undefined)?.title).find(Boolean) ?? '';
  const back = () => {
    if (hasEarlierPage(window.history.state)) void navigate(-1);
    else void navigate(parentOf(pathname), { replace: true });
  };
  return (
    <header className={styles.header}>
      <div className={styles.titleBar} data-testid="phone-title-bar">
        <button type="button" className={styles.titleBarButton} aria-label="返回" onClick={back}>
          <LeftOutlined aria-hidden />
        </button>
        <div className={styles.titleBarTitle}>{title}</div>
        {OWN_BOTTOM_BAR.includes(pathname) ? (
          <Link to="/" className={styles.titleBarButton} aria-label="首页">
            <HomeOutlined aria-hidden />
          </Link>
        ) : (
          <span className={styles.titleBarButton} aria-hidden />
        )}
      </div>
    </header>
  );
}
