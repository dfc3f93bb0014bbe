import { Alert, Button } from 'antd';
import { useIsPhone } from '../../../lib/useIsPhone.ts';

/** 上一步 and the step's main button, and a refusal that names no field above them. */
export function StepActions({
  error,
  onBack,
  primary,
  pending,
  onPrimary,
}: {
  error: string | null;
  onBack?: () => void;
  primary: string;
  pending: boolean;
  onPrimary: () => void;
}) {
  const phone = useIsPhone();
  return (
    <div style={{ marginTop: 8 }}>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <div style={{ display: 'flex', gap: 12, flexDirection: phone ? 'column-reverse' : 'row' }}>
        {onBack ? (
          <Button size="large" onClick={onBack} block={phone}>
            上一步
          </Button>
        ) : null}
        <Button type="primary" size="large" loading={pending} onClick={onPrimary} block={phone}>
          {primary}
        </Button>
      </div>
    </div>
  );
}
