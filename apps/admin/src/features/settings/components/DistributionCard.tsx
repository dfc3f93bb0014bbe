import { Form, InputNumber, Switch } from 'antd';
import { formatFen } from '../../../lib/format.ts';
import type { SettingViews, SiteSettings } from '../types.ts';
import { yuanToFen } from '@mall/shared';
import { fenToYuan, integer } from './rules.ts';
import { SettingsCard } from './SettingsCard.tsx';
import styles from './settings.module.css';

interface DistributionForm {
  bindingDays: number;
  linkDays: number;
  selfPurchase: boolean;
  settleDays: number;
  /** 最低提现金额 in 元 on screen; fen on the wire. */
  minWithdrawYuan: number;
}

const toForm = (s: SiteSettings): DistributionForm => ({
  bindingDays: s.distribution.bindingDays,
  linkDays: s.distribution.linkDays,
  selfPurchase: s.distribution.selfPurchase,
  settleDays: s.distribution.settleDays,
  minWithdrawYuan: fenToYuan(s.distribution.minWithdrawFen),
});
const fromForm = (f: DistributionForm): Partial<SiteSettings> => ({
  distribution: {
    bindingDays: f.bindingDays,
    linkDays: f.linkDays,
    selfPurchase: Boolean(f.selfPurchase),
    settleDays: f.settleDays,
    minWithdrawFen: yuanToFen(f.minWithdrawYuan) ?? 0,
  },
});

/**
 * 分销设置 (key `distribution`): how long a 分销 binding and a shared link last, 自购返佣, when 推广
 * commission settles and the smallest withdrawal (元 here, fen on the wire). Checked beside each field
 * as the server's schema checks them; the server decides.
 */
export function DistributionCard({ settings }: { settings: SettingViews }) {
  const d = settings.distribution.default;
  return (
    <SettingsCard<DistributionForm>
      title="分销设置"
      description="分销与推广计划的绑定、结算和提现规则。修改后对之后的分享、订单和提现生效。"
      settings={settings}
      keys={['distribution']}
      toForm={toForm}
      fromForm={fromForm}
      fieldOf={{ distribution: 'minWithdrawYuan' }}
      testId="distribution-card"
    >
      <div className={styles.formRow}>
        <Form.Item
          name="bindingDays"
          label="绑定有效期"
          tooltip="买家通过分销员的链接绑定后，多少天内的订单为该分销员计佣（首次绑定优先）。推广计划永久绑定。"
          extra={<span className={styles.defaultNote}>默认：{d.bindingDays} 天</span>}
          rules={integer('绑定有效期', 1, 365, '天')}
        >
          <InputNumber precision={0} suffix="天" style={{ width: '100%' }} aria-label="绑定有效期（天）" />
        </Form.Item>
        <Form.Item
          name="linkDays"
          label="分享链接有效期"
          tooltip="分享链接生成后多少天内打开仍可绑定；过期的链接照常打开商品，但不再绑定。"
          extra={<span className={styles.defaultNote}>默认：{d.linkDays} 天</span>}
          rules={integer('分享链接有效期', 1, 365, '天')}
        >
          <InputNumber precision={0} suffix="天" style={{ width: '100%' }} aria-label="分享链接有效期（天）" />
        </Form.Item>
      </div>
      <div className={styles.formRow}>
        <Form.Item
          name="settleDays"
          label="推广佣金结算"
          tooltip="推广订单完成后多少天佣金转为可提现；分销佣金在售后期限结束后结算。"
          extra={<span className={styles.defaultNote}>默认：完成后 {d.settleDays} 天</span>}
          rules={integer('结算天数', 0, 90, '天')}
        >
          <InputNumber
            precision={0}
            prefix="完成后"
            suffix="天"
            style={{ width: '100%' }}
            aria-label="推广佣金结算（天）"
          />
        </Form.Item>
        <Form.Item
          name="minWithdrawYuan"
          label="最低提现金额"
          extra={<span className={styles.defaultNote}>默认：{formatFen(d.minWithdrawFen)}</span>}
          rules={[
            { required: true, message: '请填写最低提现金额' },
            { type: 'number', min: 1, max: 100_000, message: '最低提现金额为 1–100,000 元' },
          ]}
        >
          <InputNumber precision={2} prefix="¥" style={{ width: '100%' }} aria-label="最低提现金额（元）" />
        </Form.Item>
      </div>
      <Form.Item
        name="selfPurchase"
        label="自购返佣"
        valuePropName="checked"
        extra="开启后，分销员/推广员自己购买分销商品也获得佣金；默认关闭。"
      >
        <Switch checkedChildren="开启" unCheckedChildren="关闭" aria-label="自购返佣" />
      </Form.Item>
    </SettingsCard>
  );
}
