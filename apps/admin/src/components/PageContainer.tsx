import { useEffect, type ReactNode } from 'react';
import { Typography } from 'antd';
import { documentTitle, useRouteMeta } from '../lib/routeMeta.ts';
import styles from './PageContainer.module.css';

/**
 * A screen's title bar: the title (by default the route's), an optional line under it, and the
 * screen's main actions on the right. Sets the document title too.
 */
export function PageHeader({ title, subTitle, extra }: { title?: ReactNode; subTitle?: ReactNode; extra?: ReactNode }) {
  const meta = useRouteMeta();
  const shown = title ?? meta?.title;
  return (
    <div className={styles.header}>
      <div className={styles.heading}>
        <Typography.Title level={4} className={styles.title}>
          {shown}
        </Typography.Title>
        {subTitle ? <div className={styles.subTitle}>{subTitle}</div> : null}
      </div>
      {extra ? <div className={styles.extra}>{extra}</div> : null}
    </div>
  );
}

/**
 * Every console screen sits in one: the header above, the content below on the grey page, in white
 * cards the screen chooses (`<Card>` or `<PageContainer.Section>`).
 */
export function PageContainer({
  title,
  subTitle,
  extra,
  children,
}: {
  title?: string;
  subTitle?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const meta = useRouteMeta();
  const name = title ?? meta?.title;
  useEffect(() => {
    document.title = documentTitle(name);
  }, [name]);
  return (
    <div className={styles.page}>
      <PageHeader title={name} subTitle={subTitle} extra={extra} />
      <div className={styles.body}>{children}</div>
    </div>
  );
}

/** A white panel of a screen (a table with its filters, a form). */
function Section({ title, extra, children }: { title?: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.section}>
      {title || extra ? (
        <div className={styles.sectionHead}>
          <div className={styles.sectionTitle}>{title}</div>
          {extra}
        </div>
      ) : null}
      {children}
    </section>
  );
}
PageContainer.Section = Section;
