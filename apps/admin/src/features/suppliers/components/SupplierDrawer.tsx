import type { ReactNode } from 'react';
import { Descriptions, Drawer, Empty, Image, Skeleton, Tag, Timeline } from 'antd';
import { LoadError } from '../../../components/LoadError.tsx';
import { formatTime } from '../../../lib/format.ts';
import type { ConsoleSupplierApplicationDetail } from '@mall/shared';
import { useSupplierApplicationDetail } from '../api/suppliers.ts';
import { SupplierActions, type ReviewTarget } from './SupplierActions.tsx';
import { SupplierStatusTag } from './SupplierStatusTag.tsx';
import styles from './suppliers.module.css';

const LABELS = { label: { width: 120 } };
const dash = (v: ReactNode) => (v === null || v === undefined || v === '' ? '—' : v);

function Section({ title, items }: { title: string; items: { key: string; label: string; children: ReactNode }[] }) {
  return (
    <>
      <h4 className={styles.sectionTitle}>{title}</h4>
      <Descriptions column={1} size="small" bordered styles={LABELS} items={items} />
    </>
  );
}

function memberText(a: ConsoleSupplierApplicationDetail): string {
  return [a.member.username, a.member.mobileMasked].filter(Boolean).join(' · ') || '—';
}

function History({ a }: { a: ConsoleSupplierApplicationDetail }) {
  const list = a.history ?? [];
  if (!list.length) return <Empty description="暂无审核记录" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      data-testid="supplier-history"
      items={list.map((h, i) => ({
        key: i,
        color: h.action.includes('通过') ? 'green' : h.action.includes('驳回') ? 'red' : 'blue',
        content: (
          <div>
            <div>
              {h.action}
              {h.by ? `（${h.by}）` : ''}
            </div>
            {h.reason ? <div className={styles.reason}>驳回原因：{h.reason}</div> : null}
            <div className={styles.sub}>{formatTime(h.at)}</div>
          </div>
        ),
      }))}
    />
  );
}

/** 申请详情: every field of the three steps, the licence (opens large) and logo, and the review history. */
export function SupplierDrawer({
  id,
  onReject,
  onClose,
}: {
  id: string | null;
  onReject: (a: ReviewTarget) => void;
  onClose: () => void;
}) {
  const detail = useSupplierApplicationDetail(id);
  const a = detail.data;
  const target: ReviewTarget | null = a
    ? { id: a.id, status: a.status, companyName: a.company?.companyName ?? null, storeName: a.store?.storeName ?? null }
    : null;
  return (
    <Drawer
      title="入驻申请详情"
      open={id !== null}
      onClose={onClose}
      size={640}
      destroyOnHidden
      extra={target ? <SupplierActions a={target} onReject={onReject} type="default" /> : null}
    >
      {detail.isLoading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : detail.isError || !a ? (
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <div data-testid="supplier-detail">
          <Descriptions
            column={1}
            size="small"
            bordered
            styles={LABELS}
            items={[
              { key: 's', label: '审核状态', children: <SupplierStatusTag status={a.status} /> },
              { key: 'm', label: '申请会员', children: memberText(a) },
              { key: 't', label: '提交时间', children: dash(a.submittedAt && formatTime(a.submittedAt)) },
              ...(a.reviewedAt
                ? [
                    { key: 'rt', label: '审核时间', children: formatTime(a.reviewedAt) },
                    ...(a.reviewedBy ? [{ key: 'rb', label: '审核人', children: a.reviewedBy }] : []),
                  ]
                : []),
              ...(a.rejectReason
                ? [{ key: 'rr', label: '驳回原因', children: <span className={styles.reason}>{a.rejectReason}</span> }]
                : []),
              ...(a.supplier ? [{ key: 'sp', label: '已开通店铺', children: a.supplier.storeName }] : []),
            ]}
          />
          {a.company ? (
            <Section
              title="企业信息"
              items={[
                { key: 'cn', label: '公司名称', children: a.company.companyName },
                {
                  key: 'cc',
                  label: '统一社会信用代码',
                  children: <span className={styles.mono}>{a.company.creditCode}</span>,
                },
                { key: 'ln', label: '法人姓名', children: a.company.legalName },
                {
                  key: 'li',
                  label: '法人身份证号',
                  children: <span className={styles.mono}>{a.company.legalIdMasked}</span>,
                },
                { key: 'ad', label: '注册地址', children: `${a.company.regionText} ${a.company.addressDetail}` },
                { key: 'ct', label: '联系人', children: a.company.contactName },
                {
                  key: 'cm',
                  label: '联系手机',
                  children: a.company.contactMobile,
                },
                {
                  key: 'lc',
                  label: '营业执照',
                  children: a.company.licenceUrl ? (
                    <figure className={styles.figure}>
                      <Image
                        src={a.company.licenceUrl}
                        alt="营业执照"
                        width={200}
                        preview={{ mask: '查看大图' }}
                        data-testid="licence-image"
                      />
                      <figcaption>点击查看大图（链接 10 分钟内有效）</figcaption>
                    </figure>
                  ) : (
                    '—'
                  ),
                },
              ]}
            />
          ) : null}
          {a.bank ? (
            <Section
              title="结算账户"
              items={[
                { key: 'an', label: '开户名', children: a.bank.accountName },
                { key: 'bn', label: '开户银行', children: a.bank.bankName },
                { key: 'bb', label: '开户支行', children: a.bank.bankBranch },
                { key: 'ac', label: '银行账号', children: <span className={styles.mono}>{a.bank.accountMasked}</span> },
              ]}
            />
          ) : null}
          {a.store ? (
            <Section
              title="店铺信息"
              items={[
                { key: 'sn', label: '店铺名称', children: a.store.storeName },
                {
                  key: 'lg',
                  label: '店铺 Logo',
                  children: a.store.storeLogoUrl ? (
                    <Image
                      src={a.store.storeLogoUrl}
                      alt="店铺 Logo"
                      width={80}
                      height={80}
                      style={{ objectFit: 'cover' }}
                    />
                  ) : (
                    '—'
                  ),
                },
                {
                  key: 'cat',
                  label: '经营类目',
                  children: a.store.categoryNames.length
                    ? a.store.categoryNames.map((n) => <Tag key={n}>{n}</Tag>)
                    : '—',
                },
                {
                  key: 'de',
                  label: '店铺简介',
                  children: <span className={styles.reason}>{dash(a.store.storeDescription)}</span>,
                },
              ]}
            />
          ) : null}
          <h4 className={styles.sectionTitle}>审核记录</h4>
          <History a={a} />
        </div>
      )}
    </Drawer>
  );
}
