import { Form, InputNumber } from 'antd';
import type { SettingViews } from '../types.ts';
import { integer } from './rules.ts';
import { SettingsCard } from './SettingsCard.tsx';
import styles from './settings.module.css';

interface FlashSaleForm {
  flashSalePayMinutes: number;
  remindMinutesBefore: number;
}

/**
 * 秒杀设置: how long a 秒杀 order waits for payment before its units go back to the session
 * (flashSalePayMinutes), and how long before a session starts the members who tapped 提醒我 get
 * their SMS (remindMinutesBefore).
 */
export function FlashSaleCard({ settings }: { settings: SettingViews }) {
  return (
    <SettingsCard<FlashSaleForm>
      title="秒杀设置"
      description="秒杀订单的付款时限短于普通订单，超时未付款的件数回到场次中供他人抢购。"
      settings={settings}
      keys={['flashSalePayMinutes', 'remindMinutesBefore']}
      toForm={(s) => ({ flashSalePayMinutes: s.flashSalePayMinutes, remindMinutesBefore: s.remindMinutesBefore })}
      fromForm={(f) => ({ flashSalePayMinutes: f.flashSalePayMinutes, remindMinutesBefore: f.remindMinutesBefore })}
      testId="flash-sale-card"
    >
      <div className={styles.formRow}>
        <Form.Item
          name="flashSalePayMinutes"
          label="秒杀付款时限"
          tooltip="抢购下单后多久未付款自动取消，件数退回场次。只影响之后提交的订单。"
          extra={<span className={styles.defaultNote}>默认：{settings.flashSalePayMinutes.default} 分钟</span>}
          rules={integer('秒杀付款时限', 1, 120, '分钟')}
        >
          <InputNumber precision={0} suffix="分钟" style={{ width: '100%' }} aria-label="秒杀付款时限（分钟）" />
        </Form.Item>
        <Form.Item
          name="remindMinutesBefore"
          label="开抢提醒"
          tooltip="设置了「提醒我」的会员在开抢前多少分钟收到短信。"
          extra={<span className={styles.defaultNote}>默认：开抢前 {settings.remindMinutesBefore.default} 分钟</span>}
          rules={integer('开抢提醒时间', 1, 60, '分钟')}
        >
          <InputNumber
            precision={0}
            prefix="开抢前"
            suffix="分钟"
            style={{ width: '100%' }}
            aria-label="开抢提醒（分钟）"
          />
        </Form.Item>
      </div>
    </SettingsCard>
  );
}
