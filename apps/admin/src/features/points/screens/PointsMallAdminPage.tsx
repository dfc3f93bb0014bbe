import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { usePermission } from '../../../lib/permission.tsx';
import { MallGoodsTab } from '../components/MallGoodsTab.tsx';
import { MemberPointsTab } from '../components/MemberPointsTab.tsx';
import { SettingsTab } from '../components/SettingsTab.tsx';

const TABS = ['goods', 'settings', 'members'] as const;
type Tab = (typeof TABS)[number];

/** 积分商城: the mall's goods, 积分设置, and a member's points (发放/扣除). */
export default function PointsMallAdminPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t === params.get('tab')) ?? 'goods';
  const canViewMembers = usePermission('member:view');
  return (
    <PageContainer subTitle="积分商品从已有商品规格创建；买家签到、任务与购物所得积分规则在积分设置中调整">
      <PageContainer.Section>
        <Tabs
          activeKey={tab}
          onChange={(k) => setParams(k === 'goods' ? {} : { tab: k })}
          destroyOnHidden
          items={[
            { key: 'goods', label: '积分商品', children: <MallGoodsTab /> },
            { key: 'settings', label: '积分设置', children: <SettingsTab /> },
            ...(canViewMembers ? [{ key: 'members', label: '会员积分', children: <MemberPointsTab /> }] : []),
          ]}
        />
      </PageContainer.Section>
    </PageContainer>
  );
}
