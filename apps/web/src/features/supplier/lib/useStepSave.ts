import { useState } from 'react';
import type { FormInstance } from 'antd';
import { useApplicationMutation } from '../api/application.ts';
import type { SupplierApplicationView } from '../types.ts';
import { showRefusal } from './rules.ts';

/**
 * 保存并下一步 of a step: the fields checked, the draft saved, and a refusal shown beside its field or
 * (naming none) above the buttons. Spread the result into StepActions.
 */
export function useStepSave<Values, Input>(
  form: FormInstance<Values>,
  fields: readonly string[],
  save: (input: Input) => Promise<SupplierApplicationView>,
  toInput: (values: Values) => Input,
  onSaved: (view: SupplierApplicationView) => void,
) {
  const [error, setError] = useState<string | null>(null);
  const mutation = useApplicationMutation(save);
  const submit = async () => {
    setError(null);
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      onSaved(await mutation.mutateAsync(toInput(values)));
    } catch (err) {
      setError(showRefusal(form, fields, err));
    }
  };
  return { error, pending: mutation.isPending, onPrimary: () => void submit() };
}
