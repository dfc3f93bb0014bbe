import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { errorMessage } from '../lib/request.ts';

/**
 * One text field in a dialog (驳回原因, 打款流水号, 隐藏原因): checked beside the field as the server
 * checks it; the server's refusal (e.g. a colleague decided first) shows in the dialog, whose list
 * refreshes.
 */
export function TextDialog({
  open,
  title,
  summary,
  label,
  okText,
  danger,
  min,
  max,
  initial,
  rules = [],
  multiline,
  placeholder,
  pending,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  /** What is being decided, above the field. */
  summary?: React.ReactNode;
  label: string;
  okText: string;
  danger?: boolean;
  min?: number;
  max: number;
  /** The field's text when the dialog opens (e.g. the reply being edited); empty otherwise. */
  initial?: string;
  rules?: Rule[];
  multiline?: boolean;
  placeholder: string;
  pending: boolean;
  onSubmit: (text: string) => Promise<void>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ text: string }>();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      form.setFieldsValue({ text: initial ?? '' });
      setError(null);
    }
  }, [open, initial, form]);

  const submit = async ({ text }: { text: string }) => {
    setError(null);
    try {
      await onSubmit(text.trim());
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      okText={okText}
      okButtonProps={{ danger }}
      cancelText="取消"
      onOk={() => form.submit()}
      confirmLoading={pending}
      destroyOnHidden
      width={520}
    >
      {summary ? <div style={{ marginBottom: 16 }}>{summary}</div> : null}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} onValuesChange={() => setError(null)}>
        <Form.Item
          name="text"
          label={label}
          rules={[
            { required: true, whitespace: true, message: `请填写${label}` },
            ...(min ? [{ min, message: `${label}至少 ${min} 个字符` }] : []),
            { max, message: `${label}不能超过 ${max} 个字符` },
            ...rules,
          ]}
        >
          {multiline ? (
            <Input.TextArea rows={4} maxLength={max} showCount placeholder={placeholder} aria-label={label} />
          ) : (
            <Input maxLength={max} placeholder={placeholder} aria-label={label} />
          )}
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} data-testid="dialog-error" /> : null}
    </Modal>
  );
}
