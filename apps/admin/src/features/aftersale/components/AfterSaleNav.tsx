import { Segmented } from 'antd';
import { useNavigate } from 'react-router';
import { usePermission } from '../../../lib/permission.tsx';

/** 售后审核 | 人工退款: the two screens of 售后, each shown to whoever may open it. */
export function AfterSaleNav({ current }: { current: 'review' | 'manual' }) {
  const navigate = useNavigate();
  const canReview = usePermission('aftersale:view');
  const canManual = usePermission('payment:view');
  if (!canReview || !canManual) return null;
  return (
    <Segmented
      value={current}
      onChange={(v) => navigate(v === 'review' ? '/aftersales' : '/aftersales/manual-refunds')}
      options={[
        { value: 'review', label: '售后审核' },
        { value: 'manual', label: '人工退款' },
      ]}
    />
  );
}
