import type { ReactNode } from 'react';
import { DEFAULT_BANNER_CATEGORIES } from '@mall/shared';
import { Link } from 'react-router';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { Slider } from '../../../components/Slider.tsx';
import type { CategoryNode } from '../../../lib/catalogTypes.ts';
import type { Banner } from '../types.ts';
import { categoryHref } from '../../../lib/catalogLinks.ts';
import styles from './home.module.css';

/** Soft gradients in the shop's purple family, one per generated banner. */
const PALETTE: [string, string][] = [
  ['#a387bc', '#6e4f8f'],
  ['#f3a683', '#e06666'],
  ['#7ec4cf', '#3f7fa6'],
  ['#f7d794', '#e1a140'],
  ['#9bc995', '#4d8a5c'],
  ['#c39bd3', '#8e44ad'],
];

const SLOGANS = ['品质好物 限时特惠', '新品首发 抢先体验', '爆款直降 低至五折', '精选大牌 正品保障', '满额包邮 极速送达'];

function isBanner(b: unknown): b is Banner {
  return typeof b === 'object' && b !== null && typeof (b as Banner).image === 'string' && (b as Banner).image.length > 0;
}

/** The banners slide by themselves on PC, with arrows; a phone swipes. */
function Slides({ children }: { children: ReactNode }) {
  const phone = useIsPhone();
  return (
    <Slider label="活动" autoplayMs={5000} arrows={!phone} className={styles.carousel}>
      {children}
    </Slider>
  );
}

/** Configured banners, or, when the shop has none, one made for each of the first categories. */
export function BannerCarousel({ banners, tree, loading }: { banners: unknown; tree: CategoryNode[] | undefined; loading: boolean }) {
  const configured = Array.isArray(banners) ? banners.filter(isBanner) : [];
  if (configured.length) {
    return (
      <Slides>
        {configured.map((b, i) => {
          const img = <img src={b.image} alt={b.title ?? '活动'} className={styles.bannerImage} />;
          return (
            <div key={i} data-testid="banner">
              {b.link ? <Link to={b.link}>{img}</Link> : img}
            </div>
          );
        })}
      </Slides>
    );
  }
  if (loading && !tree) return <div className={`${styles.carousel} ${styles.bannerLoading}`} role="status" aria-label="活动加载中" />;
  const tops = (tree ?? []).slice(0, DEFAULT_BANNER_CATEGORIES);
  return (
    <Slides>
      {tops.map((top, i) => {
        const [from, to] = PALETTE[i % PALETTE.length]!;
        const subs = (top.children ?? []).flatMap((m) => m.children ?? []).slice(0, 4);
        return (
          <div key={top.id} data-testid="banner">
            <Link to={categoryHref(top.id)} className={styles.genBanner} style={{ background: `linear-gradient(120deg, ${from}, ${to})` }}>
              <div className={styles.genText}>
                <div className={styles.genKicker}>{SLOGANS[i % SLOGANS.length]}</div>
                <div className={styles.genTitle}>{top.name}</div>
                <div className={styles.genSubs}>
                  {subs.map((s) => (
                    <span key={s.id}>{s.name}</span>
                  ))}
                </div>
                <span className={styles.genButton}>立即选购 ›</span>
              </div>
              {top.icon ? <img src={top.icon} alt="" className={styles.genIcon} loading={i > 0 ? 'lazy' : undefined} /> : null}
              <span className={styles.genCircle} />
            </Link>
          </div>
        );
      })}
    </Slides>
  );
}
