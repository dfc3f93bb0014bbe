import { useState } from 'react';
import { Alert, Steps } from 'antd';
import { Loading, Panel } from '../../../components/Panel.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { useApplication } from '../api/application.ts';
import { BankStep } from '../components/BankStep.tsx';
import { CompanyStep } from '../components/CompanyStep.tsx';
import { ConfirmStep } from '../components/ConfirmStep.tsx';
import { ApprovedView, PendingView, RejectedView } from '../components/StatusViews.tsx';
import { StoreStep } from '../components/StoreStep.tsx';
import { STEP_TITLES, type SupplierApplicationView } from '../types.ts';

/**
 * /supplier/register 供应商入驻: three steps, each saved as a draft with 保存并下一步, reopening where
 * the member left off; then 确认提交, and the application's state (待审核, 已驳回, 已通过) on return.
 */
export default function SupplierRegisterPage() {
  const application = useApplication();
  return (
    <Panel title="供应商入驻">
      {application.isLoading ? (
        <Loading />
      ) : application.isError ? (
        <LoadError error={application.error} onRetry={() => void application.refetch()} />
      ) : (
        <Application app={application.data ?? null} />
      )}
    </Panel>
  );
}

/** Where the form reopens: the step after the furthest one saved; all saved, 确认提交. */
const reopenAt = (app: SupplierApplicationView | null) => Math.min(Math.max(app?.step ?? 0, 0), 3);

function Application({ app }: { app: SupplierApplicationView | null }) {
  const phone = useIsPhone();
  const [current, setCurrent] = useState(() => reopenAt(app));
  const [editing, setEditing] = useState(false);

  if (app?.status === 'PENDING') return <PendingView app={app} />;
  if (app?.status === 'APPROVED') return <ApprovedView app={app} />;
  if (app?.status === 'REJECTED' && !editing) {
    return (
      <RejectedView
        app={app}
        onEdit={() => {
          setEditing(true);
          setCurrent(0);
        }}
      />
    );
  }

  const go = (step: number) => {
    setCurrent(step);
    window.scrollTo({ top: 0 });
  };
  const saved = (step: number) => () => go(step + 1);

  return (
    <div style={{ maxWidth: 720, margin: '0 auto' }} data-testid="supplier-steps">
      {app?.status === 'REJECTED' ? (
        <Alert type="error" showIcon title={`驳回原因：${app.rejectReason ?? ''}`} description="修改相应步骤后，在最后一步确认提交即可重新审核" style={{ marginBottom: 20 }} />
      ) : current === 0 && !app ? (
        <Alert
          type="info"
          showIcon
          title="入驻须知"
          description="请准备好营业执照、法人身份证号、企业对公账户和店铺 Logo。每一步保存后都会留存草稿，下次打开从未完成的一步继续。"
          style={{ marginBottom: 20 }}
        />
      ) : null}
      <Steps
        current={current}
        size="small"
        responsive={false}
        titlePlacement={phone ? 'vertical' : 'horizontal'}
        // A saved step opens again from its title (to look, or to change one step without the others).
        items={STEP_TITLES.map((title, i) => ({ title, disabled: i > reopenAt(app) || i === current }))}
        onChange={(i) => {
          if (i <= reopenAt(app)) go(i);
        }}
        style={{ marginBottom: 24 }}
      />
      <h2 style={{ fontSize: 16, fontWeight: 600, margin: '0 0 16px', color: '#333' }}>{current < 3 ? STEP_TITLES[current] : '核对并提交'}</h2>
      {current === 0 ? (
        <CompanyStep app={app} onSaved={saved(0)} />
      ) : current === 1 && app ? (
        <BankStep app={app} onSaved={saved(1)} onBack={() => go(0)} />
      ) : current === 2 && app ? (
        <StoreStep app={app} onSaved={saved(2)} onBack={() => go(1)} />
      ) : app ? (
        <ConfirmStep app={app} onBack={() => go(2)} />
      ) : null}
    </div>
  );
}
