import { Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { PageContainer } from './PageContainer.tsx';
import { useRouteMeta } from '../lib/routeMeta.ts';

/**
 * The placeholder of a screen whose feature is being built: its place in the menu and its route are
 * real, the screen is not yet. Each feature replaces its placeholder with the screen.
 */
export function UnderConstruction({ title, description }: { title?: string; description?: string }) {
  const meta = useRouteMeta();
  const name = title ?? meta?.title ?? '此页面';
  return (
    <PageContainer title={name}>
      <PageContainer.Section>
        <Result
          icon={<ToolOutlined style={{ color: '#a387bc' }} />}
          title="建设中"
          subTitle={description ?? `「${name}」页面正在建设中，很快就能在这里使用。`}
        />
      </PageContainer.Section>
    </PageContainer>
  );
}
