import { Descriptions, Image } from 'antd';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import type { SupplierApplicationView } from '../types.ts';

/** One part of the application: its title and its fields, two columns wide, one on a phone. */
function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const phone = useIsPhone();
  return (
    <section style={{ marginBottom: 20 }}>
      <h3 style={{ fontSize: 15, fontWeight: 600, color: '#333', margin: '0 0 8px' }}>{title}</h3>
      <Descriptions column={phone ? 1 : 2} size="small" bordered={!phone}>
        {children}
      </Descriptions>
    </section>
  );
}

/** The application read-only, as submitted: 确认提交, 待审核 and 已驳回 show it. */
export function ApplicationSummary({ app }: { app: SupplierApplicationView }) {
  const { company: c, bank: b, store: s } = app;
  return (
    <div data-testid="supplier-summary">
      {c ? (
        <Section title="企业信息">
          <Descriptions.Item label="公司名称">{c.companyName}</Descriptions.Item>
          <Descriptions.Item label="统一社会信用代码">{c.creditCode}</Descriptions.Item>
          <Descriptions.Item label="法人姓名">{c.legalName}</Descriptions.Item>
          <Descriptions.Item label="法人身份证号">{c.legalIdMasked}</Descriptions.Item>
          <Descriptions.Item label="注册地址" span="filled">
            {c.regionText} {c.addressDetail}
          </Descriptions.Item>
          <Descriptions.Item label="联系人">{c.contactName}</Descriptions.Item>
          <Descriptions.Item label="联系手机">{c.contactMobile}</Descriptions.Item>
          <Descriptions.Item label="营业执照" span="filled">
            <Image src={c.licenceUrl} alt="营业执照" width={120} preview={{ mask: '查看大图' }} />
          </Descriptions.Item>
        </Section>
      ) : null}
      {b ? (
        <Section title="结算账户">
          <Descriptions.Item label="开户名">{b.accountName}</Descriptions.Item>
          <Descriptions.Item label="开户银行">{b.bankName}</Descriptions.Item>
          <Descriptions.Item label="开户支行">{b.bankBranch}</Descriptions.Item>
          <Descriptions.Item label="银行账号">{b.accountMasked}</Descriptions.Item>
        </Section>
      ) : null}
      {s ? (
        <Section title="店铺信息">
          <Descriptions.Item label="店铺名称">{s.storeName}</Descriptions.Item>
          <Descriptions.Item label="经营类目">{s.categoryNames.join('、')}</Descriptions.Item>
          <Descriptions.Item label="店铺 Logo" span="filled">
            <Image src={s.storeLogoUrl} alt="店铺 Logo" width={72} preview={{ mask: '查看大图' }} />
          </Descriptions.Item>
          <Descriptions.Item label="店铺简介" span="filled">
            <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{s.storeDescription || '未填写'}</span>
          </Descriptions.Item>
        </Section>
      ) : null}
    </div>
  );
}
