import { Form, InputNumber } from 'antd';
import type { SettingViews } from '../types.ts';
import { integer } from './rules.ts';
import { SettingsCard } from './SettingsCard.tsx';
import styles from './settings.module.css';

interface ReviewForm {
  reviewDays: number;
  followUpDays: number;
}

/**
 * 评价设置: how long after 确认收货 a buyer may review an order line (reviewDays) and add the one
 * 追评 (followUpDays). The buyer's 待评价, the 评价 / 追评 buttons and the server's checks all read
 * them, so a change applies to existing orders at once.
 */
export function ReviewCard({ settings }: { settings: SettingViews }) {
  return (
    <SettingsCard<ReviewForm>
      title="评价设置"
      description="买家确认收货后，在评价期限内可以评价每件商品，在追评期限内可以追加一次评价。"
      settings={settings}
      keys={['reviewDays', 'followUpDays']}
      toForm={(s) => ({ reviewDays: s.reviewDays, followUpDays: s.followUpDays })}
      fromForm={(f) => ({ reviewDays: f.reviewDays, followUpDays: f.followUpDays })}
      testId="review-card"
    >
      <div className={styles.formRow}>
        <Form.Item
          name="reviewDays"
          label="评价期限"
          tooltip="确认收货后多少天内可以评价；超过后「评价」按钮不再显示。"
          extra={<span className={styles.defaultNote}>默认：收货后 {settings.reviewDays.default} 天</span>}
          rules={integer('评价期限', 1, 365, '天')}
        >
          <InputNumber
            precision={0}
            prefix="收货后"
            suffix="天"
            style={{ width: '100%' }}
            aria-label="评价期限（天）"
          />
        </Form.Item>
        <Form.Item
          name="followUpDays"
          label="追评期限"
          tooltip="确认收货后多少天内可以追评，从收货时算起，不是从评价时算起。"
          dependencies={['reviewDays']}
          extra={<span className={styles.defaultNote}>默认：收货后 {settings.followUpDays.default} 天</span>}
          rules={[
            ...integer('追评期限', 1, 365, '天'),
            ({ getFieldValue }) => ({
              validator: (_: unknown, v: number | null) => {
                const review = getFieldValue('reviewDays') as unknown;
                return typeof v === 'number' && typeof review === 'number' && v < review
                  ? Promise.reject(new Error('追评期限不能短于评价期限'))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <InputNumber
            precision={0}
            prefix="收货后"
            suffix="天"
            style={{ width: '100%' }}
            aria-label="追评期限（天）"
          />
        </Form.Item>
      </div>
      <div className={styles.hint} style={{ marginTop: 0 }}>
        修改后对已完成的订单同样生效：缩短期限后，收货时间早于新期限的商品不能再评价或追评。
      </div>
    </SettingsCard>
  );
}
