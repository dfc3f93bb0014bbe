import { useState } from 'react';
import { App, Button, Card, Input, Select, Space, Upload } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { ACTIVITY_PAGE_MAX_BLOCKS, ACTIVITY_PAGE_MAX_COUPONS, ACTIVITY_PAGE_SECTION_NAMES, type RichTextBlock } from '@mall/shared';
import { errorMessage } from '../../../lib/request.ts';
import { uploadBanner, useActivityChoices, useCouponChoices } from '../api/activityPages.ts';
import type { EditSection } from './page-form.ts';

const hint = { color: '#595959', fontSize: 12 } as const;
const label = (text: string) => <div style={{ marginBottom: 4, fontWeight: 500 }}>{text}</div>;

type Props<T extends EditSection['type']> = { s: Extract<EditSection, { type: T }>; change: (s: EditSection) => void; at: number };

function BannerForm({ s, change, at }: Props<'banner'>) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {label('横幅图片')}
      <Space align="start" wrap>
        {s.image ? <img src={s.image} alt={`第 ${at} 个板块的横幅`} style={{ width: 240, height: 90, objectFit: 'cover', borderRadius: 4, background: '#f5f5f5' }} /> : null}
        <Upload
          accept="image/jpeg,image/png,image/webp"
          showUploadList={false}
          beforeUpload={(file) => {
            setBusy(true);
            uploadBanner(file)
              .then((up) => change({ ...s, image: up.url }))
              .catch((e: unknown) => void message.error(errorMessage(e, '图片上传失败，请重试')))
              .finally(() => setBusy(false));
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {s.image ? '更换图片' : '上传图片'}
          </Button>
        </Upload>
      </Space>
      <div style={hint}>JPG、PNG 或 WebP，不超过 5MB；建议宽 1200 像素、高 320 像素</div>
      {label('点击跳转（选填）')}
      <Input
        value={s.link ?? ''}
        onChange={(e) => change({ ...s, link: e.target.value })}
        placeholder="站内路径，例如 /goodsDetail?id=1"
        maxLength={300}
        aria-label={`第 ${at} 个板块的跳转链接`}
      />
      <div style={hint}>只能填写以 / 开头的站内路径</div>
    </Space>
  );
}

function ActivityPicker({ value, onChange, at }: { value: number; onChange: (id: number) => void; at: number }) {
  const choices = useActivityChoices();
  return (
    <Select
      showSearch
      optionFilterProp="label"
      placeholder="选择秒杀或限时折扣活动"
      loading={choices.isPending}
      value={value || undefined}
      onChange={onChange}
      style={{ width: '100%' }}
      aria-label={`第 ${at} 个板块的活动`}
      data-testid="section-activity"
      options={(choices.data ?? []).map((a) => ({ value: a.id, label: `${a.kindText} · ${a.title}（${a.statusText}）` }))}
      notFoundContent="没有可选的活动，请先在“秒杀/活动”中创建"
    />
  );
}

function CountdownForm({ s, change, at }: Props<'countdown'>) {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {label('活动')}
      <ActivityPicker value={s.activityId} onChange={(activityId) => change({ ...s, activityId })} at={at} />
      <div style={hint}>按活动时间显示“距开始”或“距结束”；草稿活动排期后才会显示</div>
      {label('倒计时标题')}
      <Input value={s.label} maxLength={20} onChange={(e) => change({ ...s, label: e.target.value })} aria-label={`第 ${at} 个板块的倒计时标题`} />
    </Space>
  );
}

function GoodsForm({ s, change, at }: Props<'goods'>) {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {label('活动')}
      <ActivityPicker value={s.activityId} onChange={(activityId) => change({ ...s, activityId })} at={at} />
      <div style={hint}>显示该活动的全部商品、活动价和秒杀进度</div>
      {label('板块标题')}
      <Input value={s.title} maxLength={20} onChange={(e) => change({ ...s, title: e.target.value })} aria-label={`第 ${at} 个板块的标题`} />
    </Space>
  );
}

function CouponsForm({ s, change, at }: Props<'coupons'>) {
  const choices = useCouponChoices();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {label(`优惠券（最多 ${ACTIVITY_PAGE_MAX_COUPONS} 张）`)}
      <Select
        mode="multiple"
        optionFilterProp="label"
        placeholder="选择发放中的领券中心或商品详情优惠券"
        loading={choices.isPending}
        value={s.couponIds}
        maxCount={ACTIVITY_PAGE_MAX_COUPONS}
        onChange={(couponIds: number[]) => change({ ...s, couponIds })}
        style={{ width: '100%' }}
        aria-label={`第 ${at} 个板块的优惠券`}
        options={(choices.data ?? []).map((c) => ({ value: c.id, label: `${c.name}（${c.ruleText}）` }))}
      />
      <div style={hint}>买家在活动页上直接领取</div>
    </Space>
  );
}

function RichTextForm({ s, change, at }: Props<'richText'>) {
  const set = (i: number, b: RichTextBlock) => change({ ...s, blocks: s.blocks.map((x, j) => (j === i ? b : x)) });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {s.blocks.map((b, i) => (
        <div key={i} style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
          <Select
            value={b.type}
            style={{ width: 90 }}
            onChange={(type: RichTextBlock['type']) => set(i, { ...b, type })}
            options={[
              { value: 'heading', label: '小标题' },
              { value: 'paragraph', label: '段落' },
            ]}
            aria-label={`第 ${at} 个板块第 ${i + 1} 段的类型`}
          />
          {b.type === 'heading' ? (
            <Input value={b.text} maxLength={500} onChange={(e) => set(i, { ...b, text: e.target.value })} aria-label={`第 ${at} 个板块第 ${i + 1} 段`} />
          ) : (
            <Input.TextArea
              value={b.text}
              maxLength={500}
              showCount
              autoSize={{ minRows: 2, maxRows: 8 }}
              onChange={(e) => set(i, { ...b, text: e.target.value })}
              aria-label={`第 ${at} 个板块第 ${i + 1} 段`}
            />
          )}
          <Button
            icon={<DeleteOutlined />}
            aria-label={`删除第 ${i + 1} 段`}
            disabled={s.blocks.length <= 1}
            onClick={() => change({ ...s, blocks: s.blocks.filter((_, j) => j !== i) })}
          />
        </div>
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={s.blocks.length >= ACTIVITY_PAGE_MAX_BLOCKS}
        onClick={() => change({ ...s, blocks: [...s.blocks, { type: 'paragraph', text: '' }] })}
      >
        添加一段
      </Button>
      <div style={hint}>纯文字，每段最多 500 字；买家页面按原样显示，不支持 HTML</div>
    </Space>
  );
}

/** One section of the editor: its form, with 上移 / 下移 / 删除. */
export function SectionEditor({
  s,
  index,
  count,
  change,
  moveBy,
  remove,
}: {
  s: EditSection;
  index: number;
  count: number;
  change: (s: EditSection) => void;
  moveBy: (by: -1 | 1) => void;
  remove: () => void;
}) {
  const at = index + 1;
  return (
    <Card
      size="small"
      data-testid="section-card"
      data-type={s.type}
      title={`第 ${at} 个板块 · ${ACTIVITY_PAGE_SECTION_NAMES[s.type]}`}
      extra={
        <Space size={4}>
          <Button size="small" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => moveBy(-1)} aria-label={`上移第 ${at} 个板块`} />
          <Button size="small" icon={<ArrowDownOutlined />} disabled={index === count - 1} onClick={() => moveBy(1)} aria-label={`下移第 ${at} 个板块`} />
          <Button size="small" danger icon={<DeleteOutlined />} onClick={remove} aria-label={`删除第 ${at} 个板块`} />
        </Space>
      }
    >
      {s.type === 'banner' ? <BannerForm s={s} change={change} at={at} /> : null}
      {s.type === 'countdown' ? <CountdownForm s={s} change={change} at={at} /> : null}
      {s.type === 'goods' ? <GoodsForm s={s} change={change} at={at} /> : null}
      {s.type === 'coupons' ? <CouponsForm s={s} change={change} at={at} /> : null}
      {s.type === 'richText' ? <RichTextForm s={s} change={change} at={at} /> : null}
    </Card>
  );
}
