import { Button, Result, Skeleton } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router';
import { Code } from '@mall/shared';
import { LoadError } from '../../../components/LoadError.tsx';
import { RequestError } from '../../../lib/request.ts';
import { useActivityPage } from '../api/activityPages.ts';
import { ActivityPageSections } from '../components/ActivityPageSections.tsx';
import styles from '../components/ActivityPage.module.css';

/**
 * /activity/:id — an activity page built by operators from sections (issue 13). The same layout at
 * both widths, the goods grid in two columns on a phone. `?preview=<token>` (the console's 预览)
 * shows a draft with a 预览 ribbon.
 */
export default function ActivityPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const preview = search.get('preview');
  const page = useActivityPage(id, preview);

  const gone = !id || (page.error instanceof RequestError && (page.error.code === Code.ACTIVITY_PAGE_NOT_FOUND || page.error.code === Code.ACTIVITY_PAGE_PREVIEW_INVALID || page.error.code === Code.BAD_REQUEST));
  if (gone) {
    return (
      <div className={styles.section} data-testid="activity-page-missing">
        <Result
          status="404"
          title={<h1 style={{ margin: 0, fontSize: 22 }}>活动页面不存在或已下线</h1>}
          subTitle={page.error?.message && page.error.message !== '活动页面不存在或已下线' ? page.error.message : '去首页看看其他好物吧'}
          extra={
            <Link to="/">
              <Button type="primary">返回首页</Button>
            </Link>
          }
        />
      </div>
    );
  }
  if (page.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (page.isError) return <LoadError error={page.error} onRetry={() => void page.refetch()} />;
  const data = page.data;
  return (
    <div className={styles.page} data-testid="activity-page">
      {data.preview ? (
        <div className={styles.ribbon} data-testid="activity-preview-ribbon" role="note">
          <span className={styles.ribbonTag}>预览</span>
          <span>{data.status === 'PUBLISHED' ? '预览中：此页面已上线。' : '预览中：此页面尚未上线，买家暂时看不到。'}</span>
        </div>
      ) : null}
      <header className={styles.head}>
        <h1>{data.title}</h1>
        {data.shareSubtitle ? <p>{data.shareSubtitle}</p> : null}
      </header>
      <ActivityPageSections sections={data.sections} title={data.title} onMoment={() => void page.refetch()} />
    </div>
  );
}
