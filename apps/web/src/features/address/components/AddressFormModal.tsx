import { useEffect } from 'react';
import { Form, Input, Modal, Switch } from 'antd';
import { MOBILE_PATTERN, type Address } from '@mall/shared';
import { RegionCascader } from '../../../components/RegionCascader.tsx';
import { useSaveAddress } from '../api/saveAddress.ts';
import { useFeedback } from '../../../lib/feedback.ts';

interface Values {
  receiverName: string;
  mobile: string;
  region: string[];
  detail: string;
  isDefault: boolean;
}

const EMOJI = /\p{Extended_Pictographic}/u;
const noMarkup = (label: string) => ({
  validator: (_: unknown, v: string | undefined) =>
    !v || (!EMOJI.test(v) && !/[<>]/.test(v)) ? Promise.resolve() : Promise.reject(new Error(`${label}不能包含表情符号或 < > 符号`)),
});

/**
 * Add or edit an address: receiver, mobile, province / city / district from the server's GB/T 2260
 * tree, detail and the default switch. The server validates again and its message is shown.
 */
export function AddressFormModal({
  open,
  address,
  forceDefault = false,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The address being edited; none to add one. */
  address?: Address | null;
  /** The first address is always the default: the switch is shown on and locked. */
  forceDefault?: boolean;
  onClose: () => void;
  onSaved?: (address: Address) => void;
}) {
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const save = useSaveAddress();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (address) {
      form.setFieldsValue({
        receiverName: address.receiverName,
        mobile: address.mobile,
        region: [address.provinceCode, address.cityCode, address.districtCode].filter((c): c is string => Boolean(c)),
        detail: address.detail,
        isDefault: address.isDefault,
      });
    } else {
      form.setFieldsValue({ isDefault: forceDefault });
    }
  }, [open, address, forceDefault, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const [provinceCode, cityCode, districtCode] = v.region;
    const saved = await save.mutateAsync({
      id: address?.id,
      receiverName: v.receiverName.trim(),
      mobile: v.mobile.trim(),
      provinceCode: provinceCode!,
      cityCode: cityCode!,
      districtCode: districtCode!,
      detail: v.detail.trim(),
      isDefault: forceDefault || v.isDefault,
    });
    void message.success(address ? '地址已保存' : '地址已添加');
    onSaved?.(saved);
    onClose();
  };

  return (
    <Modal
      title={address ? '编辑收货地址' : '新增收货地址'}
      open={open}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" requiredMark style={{ marginTop: 16 }} name="address">
        <Form.Item
          name="receiverName"
          label="收货人"
          rules={[{ required: true, whitespace: true, message: '请填写收货人' }, { max: 20, message: '收货人最多 20 个字' }, noMarkup('收货人')]}
        >
          <Input placeholder="收货人姓名" maxLength={20} autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="mobile"
          label="手机号"
          rules={[
            { required: true, message: '请填写手机号' },
            { pattern: MOBILE_PATTERN, message: '手机号格式不正确' },
          ]}
        >
          <Input placeholder="11 位手机号" maxLength={11} autoComplete="tel" />
        </Form.Item>
        <Form.Item name="region" label="所在地区" rules={[{ required: true, type: 'array', len: 3, message: '请选择省 / 市 / 区县' }]}>
          <RegionCascader enabled={open} />
        </Form.Item>
        <Form.Item
          name="detail"
          label="详细地址"
          rules={[{ required: true, whitespace: true, message: '请填写详细地址' }, { max: 120, message: '详细地址最多 120 个字' }, noMarkup('详细地址')]}
        >
          <Input.TextArea placeholder="街道、门牌号、小区、楼栋号、单元室等" maxLength={120} showCount rows={3} />
        </Form.Item>
        <Form.Item name="isDefault" label="设为默认地址" valuePropName="checked">
          <Switch disabled={forceDefault || address?.isDefault} aria-label="设为默认地址" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
