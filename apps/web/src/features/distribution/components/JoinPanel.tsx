import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Result, Select } from 'antd';
import { Link, useLocation } from 'react-router';
import { MOBILE_PATTERN, SHARE_CHANNELS, type DistributionStatus } from '@mall/shared';
import { formatTime } from '../../../lib/format.ts';
import { realNamePageComingBack } from '../../../lib/realNames.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { useApply, type ApplyInput } from '../api/status.ts';
import { PROGRAMMES } from './programme.ts';
import styles from './distribution.module.css';

const INTRO = {
  CLASSIC: [
    ['一级分销', '把商城的分销商品分享给亲友，对方通过您的链接下单付款后，您获得该商品设定的佣金。'],
    ['佣金结算', '佣金先冻结，订单完成且售后期结束后转为可提现；发生退款时按退款比例扣回。'],
    ['提现', '可提现金额达到最低提现额即可提现到支付宝或银行卡，由平台审核后打款。'],
  ],
  PROMOTER: [
    ['等级佣金', '推广员分普通、银牌、金牌等级，等级越高佣金比例越高；累计结算销售额或团队人数达标自动升级。'],
    ['两级收益', '好友通过您的链接或邀请码成为您的直推成员，其下单您获得直推佣金；您邀请的推广员成交，您还获得间推佣金。'],
    ['邀请码', '申请时可填写邀请人的邀请码（8 位），加入后与邀请人永久绑定；通过审核后您也会获得自己的邀请码。'],
  ],
} as const;

interface Values {
  realNameId: string;
  mobile: string;
  channel: string;
  reason: string;
  inviteCode?: string;
}

function ApplyForm({ status, onDone }: { status: DistributionStatus; onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  const apply = useApply(status.programme);
  const { message } = useFeedback();
  const [error, setError] = useState<string | null>(null);
  const promoter = status.programme === 'PROMOTER';
  const location = useLocation();

  if (status.realNames.length === 0) {
    return (
      <Alert
        type="warning"
        showIcon
        title="申请前请先添加实名信息"
        description={
          <span>
            加入{PROGRAMMES[status.programme].name}计划须使用本人实名信息，
            <Link to={realNamePageComingBack(`${location.pathname}${location.search}`)}>前往 实名信息 添加</Link>，添加后自动回到本页申请。
          </span>
        }
        data-testid="need-real-name"
      />
    );
  }

  const submit = async (v: Values) => {
    setError(null);
    const input: ApplyInput = {
      programme: status.programme,
      realNameId: v.realNameId,
      mobile: v.mobile.trim(),
      channel: v.channel,
      reason: v.reason.trim(),
    };
    if (promoter && v.inviteCode?.trim()) input.inviteCode = v.inviteCode.trim().toUpperCase();
    try {
      await apply.mutateAsync(input);
      void message.success('申请已提交，请等待审核');
      onDone();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : '提交失败，请稍后重试');
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark="optional"
      style={{ maxWidth: 560 }}
      aria-label={`申请加入${PROGRAMMES[status.programme].name}计划`}
      initialValues={{ realNameId: status.realNames[0]?.id }}
      onFinish={(v) => void submit(v)}
    >
      <Form.Item label="实名信息" name="realNameId" rules={[{ required: true, message: '请选择实名信息' }]}>
        <Select
          aria-label="实名信息"
          options={status.realNames.map((r) => ({ value: r.id, label: `${r.name}（${r.idMasked}）` }))}
        />
      </Form.Item>
      <Form.Item
        label="联系手机"
        name="mobile"
        rules={[
          { required: true, message: '请输入联系手机' },
          { pattern: MOBILE_PATTERN, message: '请输入正确的 11 位手机号' },
        ]}
      >
        <Input placeholder="11 位手机号" maxLength={11} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <Form.Item label="分享渠道" name="channel" rules={[{ required: true, message: '请选择分享渠道' }]}>
        <Select
          aria-label="分享渠道"
          options={SHARE_CHANNELS.map((c) => ({ value: c, label: c }))}
        />
      </Form.Item>
      <Form.Item
        label="申请理由"
        name="reason"
        rules={[{ required: true, whitespace: true, message: '请填写申请理由' }]}
      >
        <Input.TextArea rows={3} maxLength={200} showCount placeholder="简单介绍您的推广经验或打算如何分享" />
      </Form.Item>
      {promoter ? (
        <Form.Item
          label="邀请码"
          name="inviteCode"
          rules={[{ pattern: /^[A-Za-z2-9]{8}$/, message: '邀请码为 8 位字母或数字' }]}
          extra="填写邀请人的邀请码，加入后与邀请人绑定"
        >
          <Input placeholder="8 位邀请码" maxLength={8} style={{ textTransform: 'uppercase' }} />
        </Form.Item>
      ) : null}
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Button type="primary" htmlType="submit" loading={apply.isPending}>
        提交申请
      </Button>
    </Form>
  );
}

function Application({ status }: { status: DistributionStatus }) {
  const a = status.latest;
  if (!a) return null;
  return (
    <Descriptions
      size="small"
      column={1}
      style={{ maxWidth: 560, marginTop: 12 }}
      items={[
        { key: 'name', label: '实名信息', children: `${a.realName}（${a.idMasked}）` },
        { key: 'mobile', label: '联系手机', children: a.mobile },
        { key: 'channel', label: '分享渠道', children: a.channel },
        { key: 'at', label: '申请时间', children: formatTime(a.createdAt, 'YYYY-MM-DD HH:mm') },
        ...(a.inviterName ? [{ key: 'inviter', label: '邀请人', children: a.inviterName }] : []),
      ]}
    />
  );
}

/** Not a member yet: what the programme is, where the application stands, and the form to apply. */
export function JoinPanel({ status }: { status: DistributionStatus }) {
  const name = PROGRAMMES[status.programme].name;
  const [reapplying, setReapplying] = useState(false);
  const showForm = status.canApply && (status.state === 'NONE' || reapplying);

  let state: React.ReactNode = null;
  if (status.state === 'PENDING') {
    state = (
      <Alert
        type="info"
        showIcon
        title="审核中"
        description={`您的${name}计划申请已提交，平台审核通过后即可使用本页功能。`}
        data-testid="apply-state"
      />
    );
  } else if (status.state === 'REJECTED') {
    state = (
      <Alert
        type="warning"
        showIcon
        title="已驳回"
        description={`驳回原因：${status.latest?.rejectReason ?? '未说明'}`}
        data-testid="apply-state"
        action={
          status.canApply && !reapplying ? (
            <Button size="small" type="primary" onClick={() => setReapplying(true)}>
              重新申请
            </Button>
          ) : undefined
        }
      />
    );
  } else if (status.state === 'APPROVED' && !status.active) {
    state = (
      <Result
        status="warning"
        title={`您的${name}资格已停用`}
        subTitle="如有疑问请联系客服"
        data-testid="apply-state"
      />
    );
  }

  return (
    <div data-testid="join-panel">
      <h3 style={{ fontSize: 16, margin: '0 0 12px', color: '#333' }}>加入{name}计划</h3>
      <ul className={styles.intro}>
        {INTRO[status.programme].map(([title, text]) => (
          <li key={title} className={styles.introItem}>
            <strong>{title}</strong>
            {text}
          </li>
        ))}
      </ul>
      {state}
      {status.state === 'PENDING' || (status.state === 'REJECTED' && !reapplying) ? <Application status={status} /> : null}
      {showForm ? (
        <div style={{ marginTop: state ? 20 : 0 }}>
          <h3 style={{ fontSize: 16, margin: '0 0 12px', color: '#333' }}>申请加入</h3>
          <ApplyForm status={status} onDone={() => setReapplying(false)} />
        </div>
      ) : null}
    </div>
  );
}
