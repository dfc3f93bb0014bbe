import { useState } from 'react';
import { App, Button, Input, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  COUPON_CHANNEL_NAMES,
  COUPON_CHANNELS,
  COUPON_KIND_NAMES,
  COUPON_KINDS,
  COUPON_TEMPLATE_STATUS_NAMES,
  COUPON_TEMPLATE_STATUSES,
  type OpsCouponTemplate,
} from '@mall/shared';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { serverPagination } from '../../../lib/pagination.ts';
import { errorMessage } from '../../../lib/request.ts';
import { useCouponPage, useStartCoupon, useStopCoupon, type CouponQuery } from '../api/coupons.ts';
import { CouponDetailDrawer } from '../components/CouponDetailDrawer.tsx';
import { CouponFormModal } from '../components/CouponFormModal.tsx';
import { UsageFigures } from '../components/figures.tsx';
import { GrantModal } from '../components/GrantModal.tsx';

/** 优惠券: the templates with their usage; 新建, 编辑, 开始/停止发放, 详情 (the coupons issued) and 发放. */
export default function CouponListPage() {
  const { message, modal } = App.useApp();
  const [query, setQuery] = useState<CouponQuery>({ pageNum: 1, pageSize: 10 });
  const [keyword, setKeyword] = useState('');
  const page = useCouponPage(query);
  const start = useStartCoupon();
  const stop = useStopCoupon();
  const [form, setForm] = useState<{ open: boolean; editing: OpsCouponTemplate | null }>({
    open: false,
    editing: null,
  });
  const [detailId, setDetailId] = useState<number | null>(null);
  const [granting, setGranting] = useState<OpsCouponTemplate | null>(null);

  async function toggle(t: OpsCouponTemplate) {
    try {
      if (t.status === 'ACTIVE') await stop.mutateAsync({ id: t.id });
      else await start.mutateAsync({ id: t.id });
      void message.success(t.status === 'ACTIVE' ? '已停止发放，已领取的券仍可使用' : '已开始发放');
    } catch (e) {
      void message.error(errorMessage(e));
    }
  }

  function confirmStop(t: OpsCouponTemplate) {
    void modal.confirm({
      title: `停止发放“${t.name}”？`,
      content: '停止后买家不能再领取，已领取的券在有效期内仍可使用。',
      okText: '停止发放',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => toggle(t),
    });
  }

  const set = (patch: Partial<CouponQuery>) => setQuery((q) => ({ ...q, ...patch, pageNum: 1 }));
  const busy = (t: OpsCouponTemplate) =>
    (start.isPending && start.variables?.id === t.id) || (stop.isPending && stop.variables?.id === t.id);

  return (
    <PageContainer subTitle="满减券与折扣券：设置规则、适用范围、有效期和领取方式；新建的券未发放，点“开始发放”后买家可领取，也可发放给指定会员">
      <PageContainer.Section>
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}>
          <Space wrap>
            <Select
              allowClear
              placeholder="全部类型"
              style={{ width: 130 }}
              value={query.kind}
              onChange={(kind) => set({ kind })}
              options={COUPON_KINDS.map((k) => ({ value: k, label: COUPON_KIND_NAMES[k] }))}
              aria-label="优惠券类型"
            />
            <Select
              allowClear
              placeholder="全部状态"
              style={{ width: 130 }}
              value={query.status}
              onChange={(status) => set({ status })}
              options={COUPON_TEMPLATE_STATUSES.map((value) => ({ value, label: COUPON_TEMPLATE_STATUS_NAMES[value] }))}
              aria-label="发放状态"
            />
            <Select
              allowClear
              placeholder="全部领取方式"
              style={{ width: 150 }}
              value={query.channel}
              onChange={(channel) => set({ channel })}
              options={COUPON_CHANNELS.map((c) => ({ value: c, label: COUPON_CHANNEL_NAMES[c] }))}
              aria-label="领取方式"
            />
            <Input.Search
              placeholder="优惠券名称"
              allowClear
              maxLength={30}
              style={{ width: 220 }}
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(k) => set({ keyword: k.trim() || undefined })}
              aria-label="搜索优惠券"
            />
          </Space>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, editing: null })}>
            新建优惠券
          </Button>
        </div>
        <QueryTable<OpsCouponTemplate>
          query={page}
          rowKey="id"
          scroll={{ x: 1100 }}
          onRow={(t) => ({ 'data-testid': 'coupon-row', 'data-name': t.name }) as React.HTMLAttributes<HTMLElement>}
          pagination={serverPagination({
            pageNum: query.pageNum,
            pageSize: query.pageSize,
            total: page.data?.total ?? 0,
            totalText: (n) => `共 ${n} 张优惠券`,
            onChange: (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum, pageSize })),
          })}
          locale={{ emptyText: '没有符合条件的优惠券' }}
          columns={[
            {
              title: '优惠券',
              key: 'name',
              render: (_: unknown, t) => (
                <div>
                  <div>{t.name}</div>
                  <div style={{ color: '#595959', fontSize: 12 }}>
                    {COUPON_KIND_NAMES[t.kind]} · {t.ruleText}
                  </div>
                </div>
              ),
            },
            { title: '适用范围', dataIndex: 'scopeText', width: 100 },
            { title: '领取方式', dataIndex: 'channelText', width: 110 },
            { title: '有效期', dataIndex: 'validityText', width: 180 },
            {
              title: '领用（已领/已用/剩余）',
              key: 'usage',
              width: 200,
              render: (_: unknown, t) => (
                <div>
                  <UsageFigures t={t} />
                  <div style={{ color: '#595959', fontSize: 12 }}>
                    总量 {t.totalQuantity} · 每人限领 {t.perMemberLimit}
                  </div>
                </div>
              ),
            },
            {
              title: '状态',
              key: 'status',
              width: 90,
              fixed: 'right',
              render: (_: unknown, t) =>
                t.status === 'ACTIVE' ? <Tag color="#237804">{t.statusText}</Tag> : <Tag>{t.statusText}</Tag>,
            },
            {
              title: '操作',
              key: 'actions',
              width: 210,
              fixed: 'right',
              render: (_: unknown, t) => (
                <Space size={0} wrap>
                  <Button type="link" size="small" onClick={() => setDetailId(t.id)}>
                    详情
                  </Button>
                  <Button type="link" size="small" onClick={() => setForm({ open: true, editing: t })}>
                    编辑
                  </Button>
                  {t.status === 'ACTIVE' ? (
                    <>
                      <Button type="link" size="small" onClick={() => setGranting(t)}>
                        发放
                      </Button>
                      <Button
                        type="link"
                        size="small"
                        danger
                        style={{ color: '#cf1322' }}
                        loading={busy(t)}
                        onClick={() => confirmStop(t)}
                      >
                        停止发放
                      </Button>
                    </>
                  ) : (
                    <Button type="link" size="small" loading={busy(t)} onClick={() => void toggle(t)}>
                      开始发放
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </PageContainer.Section>
      {form.open ? (
        <CouponFormModal editing={form.editing} onClose={() => setForm({ open: false, editing: null })} />
      ) : null}
      {detailId !== null ? (
        <CouponDetailDrawer id={detailId} onClose={() => setDetailId(null)} onGrant={setGranting} />
      ) : null}
      {granting ? <GrantModal template={granting} onClose={() => setGranting(null)} /> : null}
    </PageContainer>
  );
}
