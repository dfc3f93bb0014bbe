import { Form, Input, InputNumber, Radio, Select, Skeleton, Tag } from 'antd';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { formatFen } from '../../../lib/format.ts';
import { useSettings } from '../api/getSettings.ts';
import { AgreementsCard } from '../components/AgreementsCard.tsx';
import { BannersField } from '../components/BannersField.tsx';
import { BuyerIconCard } from '../components/BuyerIconCard.tsx';
import { DeliveryCard } from '../components/DeliveryCard.tsx';
import { DistributionCard } from '../components/DistributionCard.tsx';
import { FlashSaleCard } from '../components/FlashSaleCard.tsx';
import { ReviewCard } from '../components/ReviewCard.tsx';
import { ImageUploadButton } from '../components/ImageUpload.tsx';
import { yuanToFen } from '@mall/shared';
import { fenToYuan, integer } from '../components/rules.ts';
import { SettingsCard } from '../components/SettingsCard.tsx';
import styles from '../components/settings.module.css';
import type { Banner, SettingViews, SiteSettings } from '../types.ts';

const HOME_VERSIONS = { new: '新版首页', old: '旧版首页' } as const;

function DefaultNote({ children }: { children: React.ReactNode }) {
  return <span className={styles.defaultNote}>默认：{children}</span>;
}

/* ---- 基本信息 ---- */

interface BasicForm {
  siteName: string;
  servicePhone: string;
  logo: string;
}

const basicToForm = (s: SiteSettings): BasicForm => ({
  siteName: s.siteName,
  servicePhone: s.servicePhone,
  logo: s.logo,
});
const basicFromForm = (f: BasicForm): Partial<SiteSettings> => ({
  siteName: f.siteName?.trim() ?? '',
  servicePhone: f.servicePhone?.trim() ?? '',
  logo: f.logo,
});

function LogoInput({ value, onChange }: { value?: string; onChange?: (url: string) => void }) {
  return (
    <div className={styles.logoRow}>
      <div className={styles.logoPreview}>{value ? <img src={value} alt="商城标志" /> : null}</div>
      <ImageUploadButton size="small" onUploaded={(url) => onChange?.(url)}>
        更换标志
      </ImageUploadButton>
    </div>
  );
}

function BasicCard({ settings }: { settings: SettingViews }) {
  return (
    <SettingsCard<BasicForm>
      title="基本信息"
      settings={settings}
      keys={['siteName', 'servicePhone', 'logo']}
      toForm={basicToForm}
      fromForm={basicFromForm}
      testId="basic-card"
    >
      <Form.Item
        name="siteName"
        label="商城名称"
        extra={<DefaultNote>{settings.siteName.default}</DefaultNote>}
        rules={[
          { required: true, whitespace: true, message: '请填写商城名称' },
          { max: 30, message: '商城名称不能超过 30 个字符' },
        ]}
      >
        <Input maxLength={30} showCount />
      </Form.Item>
      <Form.Item
        name="servicePhone"
        label="客服电话"
        extra={<DefaultNote>{settings.servicePhone.default}</DefaultNote>}
        rules={[
          { required: true, message: '请填写客服电话' },
          { pattern: /^[0-9-]{5,20}$/, message: '客服电话为 5–20 位数字或连字符' },
        ]}
      >
        <Input maxLength={20} placeholder="例如 400-820-8820" />
      </Form.Item>
      <Form.Item name="logo" label="商城标志" extra="显示在买家端页头，建议使用透明背景的 PNG。">
        <LogoInput />
      </Form.Item>
    </SettingsCard>
  );
}

/* ---- 首页 ---- */

interface HomeForm {
  defaultHomeVersion: 'new' | 'old';
  banners: { image: string; title: string; link: string }[];
}

const homeToForm = (s: SiteSettings): HomeForm => ({
  defaultHomeVersion: s.defaultHomeVersion,
  banners: s.banners.map((b) => ({ image: b.image, title: b.title ?? '', link: b.link ?? '' })),
});
const homeFromForm = (f: HomeForm): Partial<SiteSettings> => ({
  defaultHomeVersion: f.defaultHomeVersion,
  banners: (f.banners ?? []).map((b): Banner => {
    const title = b?.title?.trim();
    const link = b?.link?.trim();
    return { image: b?.image ?? '', ...(title ? { title } : {}), ...(link ? { link } : {}) };
  }),
});

function HomeCard({ settings }: { settings: SettingViews }) {
  return (
    <SettingsCard<HomeForm>
      title="首页"
      settings={settings}
      keys={['defaultHomeVersion', 'banners']}
      toForm={homeToForm}
      fromForm={homeFromForm}
      testId="home-card"
    >
      <Form.Item
        name="defaultHomeVersion"
        label="默认首页"
        extra="买家没有自己切换过时看到的首页；买家切换后以买家的选择为准。"
      >
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={[
            { value: 'new', label: HOME_VERSIONS.new },
            { value: 'old', label: HOME_VERSIONS.old },
          ]}
        />
      </Form.Item>
      <Form.Item
        label="首页轮播图"
        extra="按顺序轮播，最多 10 张；建议 1200×400 左右的横图。"
        style={{ marginBottom: 16 }}
      >
        <BannersField />
      </Form.Item>
    </SettingsCard>
  );
}

/* ---- 搜索热词 ---- */

interface HotWordsForm {
  pinnedHotWords: string[];
}

function HotWordsCard({ settings }: { settings: SettingViews }) {
  return (
    <SettingsCard<HotWordsForm>
      title="置顶热词"
      description="显示在买家搜索框下方，排在买家搜索最多的词前面。"
      settings={settings}
      keys={['pinnedHotWords']}
      toForm={(s) => ({ pinnedHotWords: s.pinnedHotWords })}
      fromForm={(f) => ({ pinnedHotWords: (f.pinnedHotWords ?? []).map((w) => w.trim()).filter(Boolean) })}
      testId="hot-words-card"
    >
      <Form.Item
        name="pinnedHotWords"
        extra="输入后按回车添加，最多 10 个，每个不超过 20 个字；保存后约半分钟内在买家端生效。"
        rules={[
          { type: 'array', max: 10, message: '置顶热词最多 10 个' },
          {
            validator: (_, words: string[] = []) =>
              words.some((w) => w.trim().length > 20)
                ? Promise.reject(new Error('每个热词不能超过 20 个字'))
                : Promise.resolve(),
          },
        ]}
      >
        <Select
          mode="tags"
          open={false}
          suffixIcon={null}
          placeholder="例如：手机、坚果礼盒"
          maxCount={10}
          tokenSeparators={[',', '，']}
        />
      </Form.Item>
    </SettingsCard>
  );
}

/* ---- 运费与交易规则 ---- */

interface TradeForm {
  feeYuan: number;
  freeFromYuan: number;
  orderPayMinutes: number;
  autoReceiveDays: number;
  afterSaleDays: number;
}

const tradeToForm = (s: SiteSettings): TradeForm => ({
  feeYuan: fenToYuan(s.freight.feeFen),
  freeFromYuan: fenToYuan(s.freight.freeFromFen),
  orderPayMinutes: s.orderPayMinutes,
  autoReceiveDays: s.autoReceiveDays,
  afterSaleDays: s.afterSaleDays,
});
const tradeFromForm = (f: TradeForm): Partial<SiteSettings> => ({
  freight: { freeFromFen: yuanToFen(f.freeFromYuan) ?? 0, feeFen: yuanToFen(f.feeYuan) ?? 0 },
  orderPayMinutes: f.orderPayMinutes,
  autoReceiveDays: f.autoReceiveDays,
  afterSaleDays: f.afterSaleDays,
});

function TradeCard({ settings }: { settings: SettingViews }) {
  const freight = settings.freight.default;
  return (
    <SettingsCard<TradeForm>
      title="运费与交易规则"
      settings={settings}
      keys={['freight', 'orderPayMinutes', 'autoReceiveDays', 'afterSaleDays']}
      toForm={tradeToForm}
      fromForm={tradeFromForm}
      fieldOf={{ freight: 'feeYuan' }}
      testId="trade-card"
    >
      <div className={styles.formRow}>
        <Form.Item
          name="feeYuan"
          label="运费"
          extra={<DefaultNote>{formatFen(freight.feeFen)}</DefaultNote>}
          rules={[
            { required: true, message: '请填写运费' },
            { type: 'number', min: 0, max: 1000, message: '运费为 0–1000 元' },
          ]}
        >
          <InputNumber precision={2} step={1} prefix="¥" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="freeFromYuan"
          label="满多少包邮"
          extra={<DefaultNote>{formatFen(freight.freeFromFen)}，填 0 表示全部包邮</DefaultNote>}
          rules={[
            { required: true, message: '请填写包邮门槛' },
            { type: 'number', min: 0, max: 1_000_000, message: '包邮门槛为 0–1,000,000 元' },
          ]}
        >
          <InputNumber precision={2} step={10} prefix="¥" style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <div className={styles.formRow3}>
        <Form.Item
          name="orderPayMinutes"
          label="付款时限"
          tooltip="下单后多久未付款自动取消。未修改时取环境变量 ORDER_PAY_MINUTES 的值。"
          extra={<DefaultNote>{settings.orderPayMinutes.default} 分钟</DefaultNote>}
          rules={integer('付款时限', 1, 1440, '分钟')}
        >
          <InputNumber precision={0} suffix="分钟" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="autoReceiveDays"
          label="自动确认收货"
          tooltip="发货后多久买家未确认，系统自动确认收货。未修改时取环境变量 AUTO_RECEIVE_DAYS 的值。"
          extra={<DefaultNote>发货后 {settings.autoReceiveDays.default} 天</DefaultNote>}
          rules={integer('自动确认收货天数', 1, 60, '天')}
        >
          <InputNumber precision={0} prefix="发货后" suffix="天" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="afterSaleDays"
          label="售后期限"
          tooltip="订单完成后多少天内买家仍可申请售后；0 表示完成后不能再申请。"
          extra={<DefaultNote>完成后 {settings.afterSaleDays.default} 天</DefaultNote>}
          rules={integer('售后期限', 0, 365, '天')}
        >
          <InputNumber precision={0} prefix="完成后" suffix="天" style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <div className={styles.hint} style={{ marginTop: 0 }}>
        付款时限只影响之后提交的订单；自动确认收货和售后期限对已有订单同样生效。
      </div>
    </SettingsCard>
  );
}

/** 站点设置: what the buyer's shop looks like and its trade rules, each checked by the server's own schema. */
export default function SiteSettingsPage() {
  const settings = useSettings();

  return (
    <PageContainer
      subTitle="修改后立即对买家生效，每次修改都会记入操作日志。"
      extra={settings.data ? <Tag variant="filled">共 {Object.keys(settings.data).length} 项设置</Tag> : null}
    >
      {settings.isLoading ? (
        <PageContainer.Section>
          <Skeleton active paragraph={{ rows: 10 }} />
        </PageContainer.Section>
      ) : settings.isError || !settings.data ? (
        <PageContainer.Section>
          <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
        </PageContainer.Section>
      ) : (
        <div className={styles.grid}>
          <div className={styles.column}>
            <HomeCard settings={settings.data} />
            <TradeCard settings={settings.data} />
            <DeliveryCard settings={settings.data} />
            <ReviewCard settings={settings.data} />
            <FlashSaleCard settings={settings.data} />
            <DistributionCard settings={settings.data} />
          </div>
          <div className={styles.column}>
            <BuyerIconCard settings={settings.data} />
            <BasicCard settings={settings.data} />
            <HotWordsCard settings={settings.data} />
            <AgreementsCard settings={settings.data} />
          </div>
        </div>
      )}
    </PageContainer>
  );
}
