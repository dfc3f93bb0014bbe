import { useState } from 'react';
import { submitApplication, useApplicationMutation } from '../api/application.ts';
import type { SupplierApplicationView } from '../types.ts';
import { ApplicationSummary } from './ApplicationSummary.tsx';
import { StepActions } from './StepActions.tsx';
import { useFeedback } from '../../../lib/feedback.ts';

/** After the three steps: everything read-only once more, then 确认提交 (the reply turns the page to 待审核). */
export function ConfirmStep({ app, onBack }: { app: SupplierApplicationView; onBack: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const submit = useApplicationMutation(submitApplication);
  const { message } = useFeedback();
  return (
    <div>
      <p style={{ color: '#6b6b6b', marginTop: 0 }}>请核对以下资料，提交后审核期间不能修改。</p>
      <ApplicationSummary app={app} />
      <StepActions
        error={error}
        onBack={onBack}
        primary="确认提交"
        pending={submit.isPending}
        onPrimary={() => {
          setError(null);
          submit
            .mutateAsync(undefined)
            .then(() => void message.success('已提交，请等待审核'))
            .catch((err: unknown) => setError(err instanceof Error ? err.message : '提交失败，请稍后重试'));
        }}
      />
    </div>
  );
}
