import { useState } from 'react';
import { Alert, App, Form, Modal } from 'antd';
import type { OpsCouponTemplate, OpsGrantResult } from '@mall/shared';
import { errorMessage } from '../../../lib/request.ts';
import { MemberPicker } from '../../../entities/member/components/MemberPicker.tsx';
import { useGrantCoupon } from '../api/coupons.ts';

/** 发放 a coupon to chosen members, found by 编号, 手机号 or 用户名 (at most 100 at a time). */
export function GrantModal({ template, onClose }: { template: OpsCouponTemplate; onClose: () => void }) {
  const { message } = App.useApp();
  const grant = useGrantCoupon();
  const [picked, setPicked] = useState<{ value: string; label: string }[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<OpsGrantResult | null>(null);

  async function submit() {
    setError(null);
    if (picked.length === 0) {
      setError('请选择会员');
      return;
    }
    try {
      const r = await grant.mutateAsync({ id: template.id, memberIds: picked.map((m) => m.value) });
      setResult(r);
      if (r.skipped.length === 0) {
        void message.success(`已发放给 ${r.granted} 位会员，剩余 ${r.remaining} 张`);
        onClose();
      }
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  const nameOf = (id: string) => picked.find((m) => m.value === id)?.label ?? id;
  return (
    <Modal
      title={`发放优惠券：${template.name}`}
      open
      onCancel={onClose}
      onOk={() => void submit()}
      okText="确认发放"
      cancelText={result ? '关闭' : '取消'}
      confirmLoading={grant.isPending}
      destroyOnHidden
      width={560}
    >
      <p style={{ color: '#595959' }}>
        {template.ruleText} · {template.validityText} · 每人限领 {template.perMemberLimit} 张 · 剩余{' '}
        {template.figures.remaining} 张
      </p>
      <Form layout="vertical">
        <Form.Item label="会员" required extra="输入会员编号、手机号或用户名搜索，可选多位（一次最多 100 位）">
          <MemberPicker
            mode="multiple"
            value={picked.map((m) => m.value)}
            onChange={(_, members) => {
              setPicked(members);
              setError(null);
            }}
            placeholder="输入会员编号、手机号或用户名搜索"
            maxCount={100}
            aria-label="会员"
          />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {result && result.skipped.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          data-testid="coupon-grant-result"
          title={`已发放给 ${result.granted} 位会员，${result.skipped.length} 位未发放`}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {result.skipped.map((s) => (
                <li key={s.memberId}>
                  {nameOf(s.memberId)}：{s.reason}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
    </Modal>
  );
}
