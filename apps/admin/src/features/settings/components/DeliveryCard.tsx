import { Form, InputNumber, Select } from 'antd';
import type { DeliveryRule, SettingViews } from '../types.ts';
import { SettingsCard } from './SettingsCard.tsx';
import styles from './settings.module.css';

/** The 31 provinces of GB/T 2260 the shop's address book offers (the server checks the same list). */
// prettier-ignore
export const PROVINCES: [code: string, name: string][] = [
  ['11', '北京市'], ['12', '天津市'], ['13', '河北省'], ['14', '山西省'], ['15', '内蒙古自治区'],
  ['21', '辽宁省'], ['22', '吉林省'], ['23', '黑龙江省'], ['31', '上海市'], ['32', '江苏省'],
  ['33', '浙江省'], ['34', '安徽省'], ['35', '福建省'], ['36', '江西省'], ['37', '山东省'],
  ['41', '河南省'], ['42', '湖北省'], ['43', '湖南省'], ['44', '广东省'], ['45', '广西壮族自治区'],
  ['46', '海南省'], ['50', '重庆市'], ['51', '四川省'], ['52', '贵州省'], ['53', '云南省'],
  ['54', '西藏自治区'], ['61', '陕西省'], ['62', '甘肃省'], ['63', '青海省'], ['64', '宁夏回族自治区'],
  ['65', '新疆维吾尔自治区'],
];
const provinceName = (code: string) => PROVINCES.find(([c]) => c === code)?.[1] ?? code;
const provinceOptions = PROVINCES.map(([value, label]) => ({ value, label }));

const days = (label: string) => [
  { required: true, message: `请填写${label}` },
  { type: 'integer' as const, min: 0, max: 30, message: `${label}为 0–30 天的整数` },
];

/** 「不能少于」 between two day fields, checked again when the other one changes (dependencies). */
const notLessThan =
  (other: keyof DeliveryRule, message: string) =>
  ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
    validator: (_: unknown, v: number | null) => {
      const base = getFieldValue(other);
      return typeof v === 'number' && typeof base === 'number' && v < base
        ? Promise.reject(new Error(message))
        : Promise.resolve();
    },
  });

/**
 * 配送时效: where goods ship from, how many days delivery takes by region and the daily cut-off;
 * the goods detail's 配送至 shows the arrival day computed from it (GET /member/goods/delivery/estimate).
 */
export function DeliveryCard({ settings }: { settings: SettingViews }) {
  const def = settings.delivery.default;
  return (
    <SettingsCard<DeliveryRule>
      title="配送时效"
      description="商品详情页「配送至」按此估算送达日期：截单时间前下单当天发货，之后次日发货，再加上买家所在地区的送达天数。"
      settings={settings}
      keys={['delivery']}
      toForm={(s) => s.delivery}
      fromForm={(f) => ({
        delivery: {
          shipFromProvince: f.shipFromProvince,
          sameProvinceDays: f.sameProvinceDays,
          otherProvinceDays: f.otherProvinceDays,
          remoteDays: f.remoteDays,
          remoteProvinces: f.remoteProvinces ?? [],
          cutoffHour: f.cutoffHour,
        },
      })}
      fieldOf={{ delivery: 'remoteDays' }}
      testId="delivery-card"
    >
      <div className={styles.formRow}>
        <Form.Item
          name="shipFromProvince"
          label="发货省份"
          extra={<span className={styles.defaultNote}>默认：{provinceName(def.shipFromProvince)}</span>}
          rules={[{ required: true, message: '请选择发货省份' }]}
        >
          <Select options={provinceOptions} showSearch={{ optionFilterProp: 'label' }} aria-label="发货省份" />
        </Form.Item>
        <Form.Item
          name="cutoffHour"
          label="每日截单时间"
          tooltip="此时间前下单当天发货，之后下单次日发货（北京时间）。"
          extra={<span className={styles.defaultNote}>默认：{def.cutoffHour}:00</span>}
          rules={[
            { required: true, message: '请填写截单时间' },
            { type: 'integer', min: 0, max: 23, message: '截单时间为 0–23 点的整点' },
          ]}
        >
          <InputNumber precision={0} suffix="点" style={{ width: '100%' }} aria-label="每日截单时间（点）" />
        </Form.Item>
      </div>
      <div className={styles.formRow3}>
        <Form.Item
          name="sameProvinceDays"
          label="同省送达"
          tooltip="发货后几天送达发货省份内的地址；0 表示当天送达。"
          extra={<span className={styles.defaultNote}>默认：{def.sameProvinceDays} 天</span>}
          rules={days('同省送达天数')}
        >
          <InputNumber precision={0} suffix="天" style={{ width: '100%' }} aria-label="同省送达天数" />
        </Form.Item>
        <Form.Item
          name="otherProvinceDays"
          label="外省送达"
          dependencies={['sameProvinceDays']}
          extra={<span className={styles.defaultNote}>默认：{def.otherProvinceDays} 天</span>}
          rules={[...days('外省送达天数'), notLessThan('sameProvinceDays', '外省送达天数不能少于同省送达天数')]}
        >
          <InputNumber precision={0} suffix="天" style={{ width: '100%' }} aria-label="外省送达天数" />
        </Form.Item>
        <Form.Item
          name="remoteDays"
          label="偏远地区送达"
          dependencies={['otherProvinceDays']}
          extra={<span className={styles.defaultNote}>默认：{def.remoteDays} 天</span>}
          rules={[
            ...days('偏远地区送达天数'),
            notLessThan('otherProvinceDays', '偏远地区送达天数不能少于外省送达天数'),
          ]}
        >
          <InputNumber precision={0} suffix="天" style={{ width: '100%' }} aria-label="偏远地区送达天数" />
        </Form.Item>
      </div>
      <Form.Item
        name="remoteProvinces"
        label="偏远地区"
        dependencies={['shipFromProvince']}
        extra={
          <span className={styles.defaultNote}>默认：{def.remoteProvinces.map(provinceName).join('、') || '无'}</span>
        }
        rules={[
          ({ getFieldValue }) => ({
            validator: (_: unknown, v: string[] = []) =>
              v.includes(getFieldValue('shipFromProvince') as string)
                ? Promise.reject(new Error('发货省份不能同时设为偏远地区'))
                : Promise.resolve(),
          }),
        ]}
      >
        <Select
          mode="multiple"
          options={provinceOptions}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="选择按偏远地区计算的省份"
          aria-label="偏远地区"
        />
      </Form.Item>
    </SettingsCard>
  );
}
