import { useMemo, useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Form, Space } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { errorMessage } from '../../../lib/request.ts';
import { useSaveSettings, type SettingChange } from '../api/saveSetting.ts';
import type { SettingKey, SettingViews, SiteSettings } from '../types.ts';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A card of settings edited together: the form shows the current values, 保存 sends the keys that
 * changed (each checked by the server's schema; a refusal is shown with the server's words, under
 * its field when it has one), 撤销修改 puts the saved values back.
 */
export function SettingsCard<F extends object>({
  title,
  extra,
  description,
  settings,
  keys,
  toForm,
  fromForm,
  fieldOf = {},
  children,
  testId,
}: {
  title: ReactNode;
  extra?: ReactNode;
  description?: ReactNode;
  settings: SettingViews;
  keys: SettingKey[];
  toForm: (values: SiteSettings) => F;
  fromForm: (form: F) => Partial<SiteSettings>;
  /** Where a refusal of a key is shown (by default a field named as the key). */
  fieldOf?: Partial<Record<SettingKey, NamePath>>;
  children: ReactNode;
  testId?: string;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<F>();
  const save = useSaveSettings();
  const [error, setError] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);

  const values = useMemo(
    () => Object.fromEntries(Object.values(settings).map((s) => [s.key, s.value])) as unknown as SiteSettings,
    [settings],
  );
  const initial = useMemo(() => toForm(values), [toForm, values]);
  // A new value from the server (saved here or elsewhere) resets the form.
  const formKey = JSON.stringify(keys.map((k) => values[k]));

  const changesOf = (form: F): SettingChange[] => {
    const next = fromForm(form);
    return keys
      .filter((k) => k in next && !same(next[k], values[k]))
      .map((k) => ({ key: k, value: next[k]! }) as SettingChange);
  };

  const submit = async (formValues: F) => {
    setError(null);
    const changes = changesOf(formValues);
    if (!changes.length) {
      void message.info('没有需要保存的修改');
      return;
    }
    try {
      await save.mutateAsync(changes);
      setDirty(false);
      void message.success('设置已保存');
    } catch (err) {
      const text = errorMessage(err);
      setError(text);
      const key = (err as { settingKey?: SettingKey }).settingKey;
      const field = key ? (fieldOf[key] ?? key) : undefined;
      if (field) form.setFields([{ name: field as never, errors: [text] }]);
    }
  };

  return (
    <Card title={title} extra={extra} variant="borderless" data-testid={testId}>
      {description ? (
        <div style={{ color: 'rgba(0,0,0,0.5)', marginTop: -4, marginBottom: 16 }}>{description}</div>
      ) : null}
      <Form<F>
        key={formKey}
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => void submit(v)}
        onValuesChange={() => setDirty(changesOf(form.getFieldsValue(true) as F).length > 0)}
        requiredMark={false}
      >
        {children}
        {error ? (
          <Alert
            type="error"
            showIcon
            title={error}
            style={{ marginBottom: 16 }}
            closable
            onClose={() => setError(null)}
          />
        ) : null}
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!dirty}>
            保存
          </Button>
          <Button
            disabled={!dirty || save.isPending}
            onClick={() => {
              form.resetFields();
              setDirty(false);
              setError(null);
            }}
          >
            撤销修改
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
