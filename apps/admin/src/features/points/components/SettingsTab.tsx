import { useEffect } from 'react';
import { App, Alert, Button, Form, InputNumber, Skeleton, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { LoadError } from '../../../components/LoadError.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { usePointsSettings, useSavePointsSettings, type PointsSettingsValue } from '../api/points.ts';

const num = (min: number, max: number, label: string) => [
  { required: true, message: `请填写${label}` },
  { type: 'number' as const, min, max, message: `${label}应在 ${min}–${max} 之间` },
];

/** 积分设置: 签到 and its streak bonuses, task rewards, points per yuan, the checkout's rate and cap, expiry. */
export function SettingsTab() {
  const { message } = App.useApp();
  const settings = usePointsSettings();
  const save = useSavePointsSettings();
  const [form] = Form.useForm<PointsSettingsValue>();

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data.value);
  }, [settings.data, form]);

  if (settings.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (settings.isError) return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;

  async function submit(v: PointsSettingsValue) {
    const days = v.streakBonuses.map((b) => b.days);
    if (new Set(days).size !== days.length) {
      void message.error('连续签到天数不能重复');
      return;
    }
    try {
      await save.mutateAsync(v);
      void message.success('积分设置已保存');
    } catch (e) {
      void message.error(errorMessage(e));
    }
  }

  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 560px) minmax(0, 1fr)', gap: 32, alignItems: 'start' }}>
      <Form form={form} layout="vertical" initialValues={settings.data.value} onFinish={(v) => void submit(v)} aria-label="积分设置">
        <Form.Item label="每日签到积分" name="signInPoints" rules={num(0, 1000, '每日签到积分')}>
          <InputNumber min={0} max={1000} precision={0} addonAfter="积分/天" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item label="连续签到奖励" extra="连续签到每满 N 天额外奖励，最多 5 档">
          <Form.List name="streakBonuses">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                    <Form.Item name={[f.name, 'days']} rules={num(2, 31, '连续天数')}>
                      <InputNumber min={2} max={31} precision={0} addonBefore="每满" addonAfter="天" style={{ width: 160 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'points']} rules={num(1, 10000, '奖励积分')}>
                      <InputNumber min={1} max={10000} precision={0} addonBefore="奖励" addonAfter="积分" style={{ width: 200 }} />
                    </Form.Item>
                    <MinusCircleOutlined aria-label="删除这一档" onClick={() => remove(f.name)} />
                  </Space>
                ))}
                {fields.length < 5 ? (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ days: 7, points: 20 })}>
                    添加一档
                  </Button>
                ) : null}
              </>
            )}
          </Form.List>
        </Form.Item>
        <Space wrap size={16}>
          <Form.Item label="完成首单" name={['taskPoints', 'FIRST_ORDER']} rules={num(0, 100000, '完成首单奖励')}>
            <InputNumber min={0} max={100000} precision={0} addonAfter="积分" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item label="完善个人资料" name={['taskPoints', 'PROFILE']} rules={num(0, 100000, '完善资料奖励')}>
            <InputNumber min={0} max={100000} precision={0} addonAfter="积分" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item label="绑定手机号" name={['taskPoints', 'MOBILE']} rules={num(0, 100000, '绑定手机奖励')}>
            <InputNumber min={0} max={100000} precision={0} addonAfter="积分" style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Form.Item label="购物每元得积分" name="pointsPerYuan" rules={num(0, 100, '购物每元得积分')} extra="0 表示订单不送积分">
          <InputNumber min={0} max={100} precision={0} addonAfter="积分/元" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item label="100 积分抵扣金额（分）" name="fenPer100Points" rules={num(1, 10000, '抵扣金额')} extra="100 表示 100 积分 = ¥1">
          <InputNumber min={1} max={10000} precision={0} addonAfter="分" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item label="最多抵扣商品金额" name="maxDeductPercent" rules={num(0, 100, '抵扣比例')}>
          <InputNumber min={0} max={100} precision={0} addonAfter="%" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item label="积分有效期" name="expiryYears" rules={num(0, 10, '积分有效期')} extra="获得当年起第 N 年年底过期，0 表示永不过期">
          <InputNumber min={0} max={10} precision={0} addonAfter="年" style={{ width: 220 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存设置
          </Button>
          <Button onClick={() => form.setFieldsValue(settings.data.default)}>恢复默认值</Button>
        </Space>
      </Form>
      <Alert
        type="info"
        title="买家看到的积分规则"
        description={
          <ol style={{ margin: 0, paddingInlineStart: 18 }}>
            {settings.data.rules.map((r, i) => (
              <li key={i}>{r}</li>
            ))}
          </ol>
        }
      />
    </div>
  );
}
