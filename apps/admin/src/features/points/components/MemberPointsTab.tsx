import { useState } from 'react';
import { App, Button, Descriptions, Form, Input, InputNumber, Radio, Table, Tag } from 'antd';
import type { PointsLedgerEntry } from '@mall/shared';
import { LoadError } from '../../../components/LoadError.tsx';
import { formatTime } from '../../../lib/format.ts';
import { errorMessage } from '../../../lib/request.ts';
import { MemberPicker } from '../../../entities/member/components/MemberPicker.tsx';
import { useAdjustPoints, useMemberPoints } from '../api/points.ts';

/** 会员积分: find a member (编号, 手机号 or 用户名), read the balance and ledger, 发放 or 扣除 with a reason. */
export function MemberPointsTab() {
  const { message } = App.useApp();
  const [memberId, setMemberId] = useState<string | null>(null);
  const [pageNum, setPageNum] = useState(1);
  const member = useMemberPoints(memberId, pageNum);
  const adjust = useAdjustPoints();
  const [form] = Form.useForm<{ direction: 'GRANT' | 'DEDUCT'; points: number; reason: string }>();

  async function submit(v: { direction: 'GRANT' | 'DEDUCT'; points: number; reason: string }) {
    if (!memberId) return;
    try {
      const r = await adjust.mutateAsync({ memberId, amount: v.direction === 'GRANT' ? v.points : -v.points, reason: v.reason.trim() });
      void message.success(`${v.direction === 'GRANT' ? '积分已发放' : '积分已扣除'}，当前积分 ${r.balance}`);
      form.resetFields(['points', 'reason']);
      setPageNum(1);
    } catch (e) {
      void message.error(errorMessage(e));
    }
  }

  const d = member.data;
  return (
    <div>
      <MemberPicker
        value={memberId}
        placeholder="输入会员编号、手机号或用户名搜索"
        style={{ width: 420, maxWidth: '100%', marginBottom: 16 }}
        onChange={(id) => {
          setMemberId(id);
          setPageNum(1);
        }}
        aria-label="会员"
      />
      {!memberId ? null : member.isError && !d ? (
        <LoadError error={member.error} onRetry={() => void member.refetch()} />
      ) : d ? (
        <>
          <Descriptions size="small" column={4} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="当前积分">
              <strong data-testid="ops-member-points">{d.balance}</strong>
            </Descriptions.Item>
            <Descriptions.Item label="累计获得">{d.totalEarned}</Descriptions.Item>
            <Descriptions.Item label="累计使用">{d.totalUsed}</Descriptions.Item>
            <Descriptions.Item label="即将过期">
              {d.expiringSoon.points}
              {d.expiringSoon.expiresAt ? `（${formatTime(new Date(new Date(d.expiringSoon.expiresAt).getTime() - 1).toISOString(), 'YYYY-MM-DD')} 过期）` : ''}
            </Descriptions.Item>
          </Descriptions>
          <Form
            form={form}
            layout="inline"
            initialValues={{ direction: 'GRANT' }}
            onFinish={(v) => void submit(v)}
            style={{ marginBottom: 16, rowGap: 12 }}
            aria-label="调整积分"
          >
            <Form.Item name="direction">
              <Radio.Group
                optionType="button"
                options={[
                  { label: '发放', value: 'GRANT' },
                  { label: '扣除', value: 'DEDUCT' },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="points"
              rules={[
                { required: true, message: '请填写积分' },
                { type: 'number', min: 1, max: 1_000_000, message: '积分应在 1–1000000 之间' },
              ]}
            >
              <InputNumber min={1} max={1_000_000} precision={0} placeholder="积分" addonAfter="积分" style={{ width: 180 }} />
            </Form.Item>
            <Form.Item
              name="reason"
              rules={[
                { required: true, whitespace: true, message: '请填写调整原因' },
                { min: 2, message: '调整原因至少 2 个字符' },
                { max: 100, message: '调整原因不能超过 100 个字符' },
              ]}
            >
              <Input placeholder="调整原因（买家在积分明细中可见）" maxLength={100} style={{ width: 300 }} />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" loading={adjust.isPending}>
                确认调整
              </Button>
            </Form.Item>
          </Form>
          <Table<PointsLedgerEntry>
            rowKey="id"
            size="small"
            loading={member.isFetching}
            dataSource={d.ledger.list}
            pagination={{ current: pageNum, pageSize: 10, total: d.ledger.total, showSizeChanger: false, onChange: setPageNum, showTotal: (n) => `共 ${n} 条` }}
            columns={[
              { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatTime(v, 'YYYY-MM-DD HH:mm') },
              { title: '类型', dataIndex: 'reasonText', width: 120 },
              {
                title: '积分变动',
                dataIndex: 'amount',
                width: 100,
                render: (n: number) => <Tag color={n > 0 ? 'red' : 'green'}>{n > 0 ? `+${n}` : n}</Tag>,
              },
              { title: '余额', dataIndex: 'balanceAfter', width: 90 },
              { title: '说明', key: 'note', render: (_: unknown, e) => (e.orderNo ? `订单 ${e.orderNo}` : e.note || '—') },
            ]}
          />
        </>
      ) : null}
    </div>
  );
}
