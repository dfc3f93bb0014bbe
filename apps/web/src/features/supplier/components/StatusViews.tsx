import { Alert, Button, Result, Steps, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { formatTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import type { SupplierApplicationView } from '../types.ts';
import { ApplicationSummary } from './ApplicationSummary.tsx';

/** 待审核: what happens next, and the submitted data read-only. */
export function PendingView({ app }: { app: SupplierApplicationView }) {
  const phone = useIsPhone();
  return (
    <div data-testid="supplier-pending">
      <Result
        icon={<ClockCircleOutlined style={{ color: '#ad6800' }} />}
        title="待审核"
        subTitle={`资料已于 ${formatTime(app.submittedAt, 'YYYY-MM-DD HH:mm')} 提交，平台会尽快审核（通常 1–3 个工作日）`}
        style={{ padding: phone ? '16px 0' : undefined }}
      />
      <Steps
        size="small"
        current={1}
        responsive={false}
        titlePlacement={phone ? 'vertical' : 'horizontal'}
        items={[{ title: '提交资料' }, { title: '平台审核' }, { title: '开店经营' }]}
        style={{ maxWidth: 560, margin: '0 auto 24px' }}
      />
      <Alert
        type="info"
        showIcon
        title="接下来"
        description="审核期间资料不能修改。审核结果会显示在本页：通过后即开通店铺，可用当前账号登录商家后台发布商品；未通过时会写明原因，修改后可重新提交。"
        style={{ marginBottom: 24 }}
      />
      <ApplicationSummary app={app} />
    </div>
  );
}

/** 已驳回: the reason first, 修改后重新提交 opens the steps filled; the data below. */
export function RejectedView({ app, onEdit }: { app: SupplierApplicationView; onEdit: () => void }) {
  const phone = useIsPhone();
  const edit = (
    <Button type="primary" onClick={onEdit} block={phone} size={phone ? 'large' : undefined}>
      修改后重新提交
    </Button>
  );
  return (
    <div data-testid="supplier-rejected">
      <Alert
        type="error"
        showIcon
        title="审核未通过"
        description={
          <>
            <div data-testid="supplier-reject-reason">驳回原因：{app.rejectReason}</div>
            <div style={{ marginTop: 4 }}>审核时间：{formatTime(app.reviewedAt, 'YYYY-MM-DD HH:mm')}</div>
          </>
        }
        // On a phone the button goes under the reason, the width of the screen.
        action={phone ? undefined : edit}
        style={{ marginBottom: phone ? 12 : 24 }}
      />
      {phone ? <div style={{ marginBottom: 24 }}>{edit}</div> : null}
      <ApplicationSummary app={app} />
    </div>
  );
}

/** 已通过: the store, and how to sign in to the console with this same account. */
export function ApprovedView({ app }: { app: SupplierApplicationView }) {
  const user = useSession().user;
  const storeName = app.supplier?.storeName ?? app.store?.storeName ?? '';
  const account = user?.username || user?.mobile || '当前商城账号';
  return (
    <div data-testid="supplier-approved">
      <Result
        status="success"
        title="入驻成功"
        subTitle={
          <>
            您的店铺「<strong data-testid="supplier-store-name">{storeName}</strong>」已开通
          </>
        }
        extra={
          <Button type="primary" size="large" href="/admin/login" target="_blank" rel="noopener">
            前往商家后台
          </Button>
        }
      />
      <div style={{ maxWidth: 560, margin: '0 auto', lineHeight: 1.9, color: '#333' }}>
        <h2 style={{ fontSize: 16, fontWeight: 600, margin: '0 0 8px' }}>如何登录商家后台</h2>
        <ol style={{ paddingInlineStart: 20, margin: 0 }}>
          <li>
            打开商家后台：
            <Typography.Link href="/admin/login" target="_blank" rel="noopener">
              {`${window.location.origin}/admin/`}
            </Typography.Link>
          </li>
          <li>选择「供应商登录」</li>
          <li>
            用本商城的账号（<span data-testid="supplier-account">{account}</span>，用户名或手机号均可）和登录密码登录
          </li>
          <li>在「本店商品」发布商品，平台审核通过后即可上架；买家下单后在「本店订单」发货</li>
        </ol>
      </div>
    </div>
  );
}
