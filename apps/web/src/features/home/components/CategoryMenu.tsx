import { useState } from 'react';
import { RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { Placeholder } from '../../../components/Placeholder.tsx';
import { categoryHref } from '../../../lib/catalogLinks.ts';
import type { CategoryNode } from '../../../lib/catalogTypes.ts';
import styles from './home.module.css';

/**
 * The home page's category menu: top categories down the left; hovering one opens a fly-out over
 * the banner with its second level as headings and the third level as links.
 */
export function CategoryMenu({ tree, loading }: { tree: CategoryNode[] | undefined; loading: boolean }) {
  const [active, setActive] = useState<number | null>(null);
  const current = tree?.find((c) => c.id === active);

  return (
    <nav className={styles.menu} aria-label="商品分类" onMouseLeave={() => setActive(null)}>
      <ul className={styles.menuList}>
        {loading && !tree
          ? Array.from({ length: 12 }, (_, i) => (
              <li key={i} className={styles.menuSkeleton}>
                <Placeholder height={24} />
              </li>
            ))
          : tree?.map((top) => (
              <li
                key={top.id}
                className={top.id === active ? styles.menuActive : undefined}
                onMouseEnter={() => setActive(top.id)}
                data-testid="category-menu-item"
              >
                {top.icon ? <img src={top.icon} alt="" className={styles.menuIcon} /> : null}
                <Link to={categoryHref(top.id)}>{top.name}</Link>
                <span className={styles.menuSubs}>
                  {(top.children ?? []).slice(0, 1).map((c) => (
                    <Link key={c.id} to={categoryHref(c.id)}>
                      {c.name}
                    </Link>
                  ))}
                </span>
                <RightOutlined className={styles.menuArrow} />
              </li>
            ))}
      </ul>
      {current ? (
        <div className={styles.flyout} data-testid="category-flyout">
          <div className={styles.flyoutTitle}>
            <Link to={categoryHref(current.id)}>{current.name}</Link>
          </div>
          {(current.children ?? []).map((mid) => (
            <dl key={mid.id} className={styles.flyoutRow}>
              <dt>
                <Link to={categoryHref(mid.id)}>
                  {mid.name} <RightOutlined style={{ fontSize: 10 }} />
                </Link>
              </dt>
              <dd>
                {(mid.children ?? []).map((leaf) => (
                  <Link key={leaf.id} to={categoryHref(leaf.id)}>
                    {leaf.name}
                  </Link>
                ))}
              </dd>
            </dl>
          ))}
        </div>
      ) : null}
    </nav>
  );
}
