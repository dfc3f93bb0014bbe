import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { storage } from '../../../lib/storage.ts';
import { useSiteConfig } from '../../../lib/siteConfig.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { useHydrated } from '../../../lib/useHydrated.ts';
import { useCategoryTree } from '../../../lib/categoryTree.ts';
import { BannerCarousel } from '../components/BannerCarousel.tsx';
import { CategoryMenu } from '../components/CategoryMenu.tsx';
import { HomeAside } from '../components/HomeAside.tsx';
import { HomeSwitch } from '../components/HomeSwitch.tsx';
import { RecommendFeed } from '../components/RecommendFeed.tsx';
import { SalesList } from '../components/SalesList.tsx';
import { PhoneHome } from '../components/phone/PhoneHome.tsx';
import styles from '../components/home.module.css';

const CouponHomeStrip = lazy(() => import('../components/CouponHomeStrip.tsx'));
const FlashSaleStrip = lazy(() => import('../components/FlashSaleStrip.tsx'));
const ActivityPagesStrip = lazy(() => import('../components/ActivityPagesStrip.tsx'));

/**
 * 秒杀, 活动专区 and 领券中心 on the home: their scripts and calls are asked for once the first screen has painted
 * and the browser is idle, so the first screen's scripts stay as they were. They sit below 热销榜单,
 * under the fold of a PC or a phone, so their late arrival moves nothing the buyer is looking at.
 */
function LateStrips() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const t = window.setTimeout(() => setReady(true), 500);
    return () => window.clearTimeout(t);
  }, []);
  return ready ? (
    <>
      <Suspense fallback={null}>
        <FlashSaleStrip />
      </Suspense>
      <Suspense fallback={null}>
        <ActivityPagesStrip />
      </Suspense>
      <Suspense fallback={null}>
        <CouponHomeStrip />
      </Suspense>
    </>
  ) : null;
}

/**
 * 首页: category menu with fly-outs, banners, the sales list, 秒杀, 活动专区 and 领券中心 (loaded late) and the endless
 * recommended feed; on a phone the H5 shop's home (PhoneHome).
 */
export default function HomePage() {
  // The tree is asked for at once, beside the site settings, not after them. The sales list is asked
  // by its own parts: one early observer here would, after a failure, make a part that mounts later
  // ask again (a second toast); a cold start has it asked already (app/firstData.ts).
  const tree = useCategoryTree();
  const site = useSiteConfig();
  const phone = useIsPhone();
  // A buyer who chose a home keeps it (member-homeVersion); otherwise the shop's default (站点设置).
  // Read once the app has taken over the server's page, which knows no buyer's choice.
  const hydrated = useHydrated();
  const chosen = hydrated ? storage.getHomeVersion() : null;
  if (!chosen && site.isLoading) return null;
  if ((chosen ?? site.data?.defaultHomeVersion) === 'old') return <Navigate to="/old-home" replace />;
  if (phone)
    return (
      <PhoneHome tree={tree.data} banners={site.data?.banners} loading={tree.isLoading || site.isLoading}>
        <LateStrips />
      </PhoneHome>
    );
  return (
    <div>
      <div className={styles.switchBar}>
        <HomeSwitch to="old" />
      </div>
      <div className={styles.top}>
        <CategoryMenu tree={tree.data} loading={tree.isLoading} />
        <BannerCarousel banners={site.data?.banners} tree={tree.data} loading={tree.isLoading || site.isLoading} />
        <HomeAside />
      </div>
      <SalesList />
      <LateStrips />
      <RecommendFeed />
    </div>
  );
}
