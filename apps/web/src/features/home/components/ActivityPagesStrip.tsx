import { Link } from 'react-router';
import { useActivityPageList } from '../api/getActivityPageList.ts';
import styles from './ActivityPagesStrip.module.css';

/**
 * 活动专区 on the home: the operators' published, current activity pages (/activity/:id) as cards with
 * their cover and title; three a row on a PC, a strip that scrolls sideways on a phone. Nothing at all
 * when there is none or the call fails. Loaded after the first screen (HomePage).
 */
export default function ActivityPagesStrip() {
  const { data } = useActivityPageList();
  const list = data?.list ?? [];
  if (!list.length) return null;
  return (
    <section className={styles.strip} aria-labelledby="home-activity-pages-title" data-testid="home-activity-pages">
      <h2 className={styles.title} id="home-activity-pages-title">
        活动专区<small>精选主题活动</small>
      </h2>
      <ul className={styles.list}>
        {list.map((p) => (
          <li key={p.id} className={styles.item}>
            <Link to={`/activity/${p.id}`} className={styles.card} data-testid="home-activity-page">
              {p.cover ? (
                <img src={p.cover} alt="" className={styles.cover} loading="lazy" />
              ) : (
                <span className={`${styles.cover} ${styles.noCover}`} aria-hidden>
                  {p.title.slice(0, 4)}
                </span>
              )}
              <span className={styles.text}>
                <b className={styles.name}>{p.title}</b>
                {p.shareSubtitle ? <span className={styles.sub}>{p.shareSubtitle}</span> : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
