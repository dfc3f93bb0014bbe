import { useState } from 'react';
import { Alert, App, Form, Modal, Select } from 'antd';
import type { OpsCouponTemplate, OpsGrantResult } from '@mall/shared';
import { errorMessage } from '../../../lib/request.ts';
import { searchMembers, useGrantCoupon, type MemberHit } from '../api/coupons.ts';

const memberLabel = (m: MemberHit) => `${m.nickname || m.username || '未命名会员'} · ${m.mobile || '未绑定手机'}`;

/** 发放 a coupon to chosen members, found by 编号, 手机号 or 用户名 (at most 100 at a time). */
export function GrantModal({ template, onClose }: { template: OpsCouponTemplate; onClose: () => void }) {
  const { message } = App.useApp();
  const grant = useGrantCoupon();
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const [picked, setPicked] = useState<string[]>([]);
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<OpsGrantResult | null>(null);

  async function search(keyword: string) {
    const k = keyword.trim().slice(0, 36);
    if (!k) return;
    setSearching(true);
    try {
      const hits = (await searchMembers(k)).list.map((m) => ({ value: m.id, label: memberLabel(m) }));
      setOptions((old) => [
        ...old.filter((o) => picked.includes(o.value)),
        ...hits.filter((h) => !picked.includes(h.value)),
      ]);
    } catch (e) {
      void message.error(errorMessage(e, '会员搜索失败'));
    } finally {
      setSearching(false);
    }
  }

  async function submit() {
    setError(null);
    if (picked.length === 0) {
      setError('请选择会员');
      return;
    }
    try {
      const r = await grant.mutateAsync({ id: template.id, memberIds: picked });
      setResult(r);
      if (r.skipped.length === 0) {
        void message.success(`已发放给 ${r.granted} 位会员，剩余 ${r.remaining} 张`);
        onClose();
      }
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  const nameOf = (id: string) => options.find((o) => o.value === id)?.label ?? id;
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
          <Select
            mode="multiple"
            value={picked}
            onChange={(ids: string[]) => {
              setPicked(ids);
              setError(null);
            }}
            showSearch={{ filterOption: false, onSearch: (k) => void search(k) }}
            placeholder="输入会员编号、手机号或用户名搜索"
            loading={searching}
            notFoundContent={searching ? '搜索中…' : '输入后搜索会员'}
            options={options}
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
