import type { ReactNode } from 'react';
import styles from './Crumbs.module.css';

/**
 * 首页 / 分类 / … above a catalogue page: a plain list of links (antd's Breadcrumb brings its Dropdown,
 * Menu and Tooltip, about 25 kB before the first screen of the goods pages, for menus these crumbs
 * never have). The last item is where the buyer is.
 */
export function Crumbs({ items, className }: { items: ReactNode[]; className?: string }) {
  return (
    <nav aria-label="面包屑导航" className={`${styles.crumbs} ${className ?? ''}`}>
      <ol>
        {items.map((item, i) => (
          <li key={i} aria-current={i === items.length - 1 ? 'location' : undefined}>
            {item}
          </li>
        ))}
      </ol>
    </nav>
  );
}
