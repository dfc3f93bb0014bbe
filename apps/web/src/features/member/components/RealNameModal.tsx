import { Checkbox, Form, Input, Modal } from 'antd';
import { useSaveRealName } from '../api/realName.ts';
import type { RealNameRecord } from '../../../lib/realNames.ts';
import { idNumberProblem, normaliseIdNumber, REAL_NAME_PATTERN } from '../../../lib/idNumber.ts';
import { useFeedback } from '../../../lib/feedback.ts';

interface Values {
  name: string;
  idNumber: string;
  isDefault: boolean;
}

/**
 * 添加 / 编辑实名信息 (member area and checkout). On edit the number shows masked; leaving it empty
 * keeps the stored one. `onSaved` gets the record the server kept.
 */
export function RealNameModal({
  record,
  onClose,
  onSaved,
}: {
  record: RealNameRecord | null;
  onClose: () => void;
  onSaved?: (saved: RealNameRecord) => void;
}) {
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const save = useSaveRealName();
  const editing = record !== null;

  async function submit(v: Values) {
    const idNumber = normaliseIdNumber(v.idNumber ?? '');
    try {
      const saved = await save.mutateAsync({
        id: record?.id,
        name: v.name.trim().replace(/[•・･．]/g, '·'),
        idNumber: editing && !idNumber ? undefined : idNumber,
        isDefault: v.isDefault || undefined,
      });
      void message.success(editing ? '实名信息已更新' : '实名信息已添加');
      onSaved?.(saved);
      onClose();
    } catch {
      // The server's reason is shown by the request helper.
    }
  }

  return (
    <Modal
      open
      title={editing ? '编辑实名信息' : '添加实名信息'}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ name: record?.name ?? '', idNumber: '', isDefault: record?.isDefault ?? false }}
        onFinish={submit}
        style={{ marginTop: 16 }}
      >
        <Form.Item
          label="真实姓名"
          name="name"
          rules={[
            { required: true, whitespace: true, message: '请填写真实姓名' },
            { pattern: REAL_NAME_PATTERN, message: '姓名须为 2–20 个汉字，少数民族姓名可用“·”分隔' },
            { max: 20, message: '姓名不能超过 20 个字' },
          ]}
        >
          <Input placeholder="与身份证上的姓名一致" maxLength={20} />
        </Form.Item>
        <Form.Item
          label="身份证号码"
          name="idNumber"
          required={!editing}
          normalize={(v: string) => v.replace(/\s+/g, '').toUpperCase()}
          validateTrigger={['onChange', 'onBlur']}
          extra={editing ? `当前：${record.idNumberMasked}，不修改请留空` : '18 位居民身份证号码，末位 x 按 X 处理'}
          rules={[
            {
              validator: (_r, v: string) => {
                if (editing && !v) return Promise.resolve();
                const problem = idNumberProblem(v ?? '');
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input placeholder="18 位身份证号码" maxLength={18} autoComplete="off" data-testid="realname-id-input" />
        </Form.Item>
        <Form.Item name="isDefault" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox disabled={record?.isDefault}>设为默认实名信息</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
