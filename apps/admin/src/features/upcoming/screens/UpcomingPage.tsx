import { Result, Tag } from 'antd';
import { RocketOutlined } from '@ant-design/icons';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { useRouteMeta } from '../../../lib/routeMeta.ts';
import { upcomingByPath } from '../upcoming.ts';

/** The page behind a menu place of a feature still to come: which feature brings it, and what it will do. */
export default function UpcomingPage() {
  const meta = useRouteMeta();
  const upcoming = upcomingByPath(`/${meta?.path ?? ''}`);
  const title = upcoming?.title ?? meta?.title ?? '此功能';
  return (
    <PageContainer
      title={title}
      subTitle={
        <Tag color="purple" variant="filled">
          随功能上线
        </Tag>
      }
    >
      <PageContainer.Section>
        <Result
          icon={<RocketOutlined style={{ color: '#a387bc' }} />}
          title={`「${upcoming?.feature ?? title}」功能上线后开放`}
          subTitle={
            <>
              {upcoming?.description}
              <br />
              该功能上线后，这里将是它的管理页面。
            </>
          }
        />
      </PageContainer.Section>
    </PageContainer>
  );
}
