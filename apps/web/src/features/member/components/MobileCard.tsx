import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Result, Steps, Tabs } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Code, MOBILE_PATTERN } from '@mall/shared';
import { RequestError } from '../../../lib/request.ts';
import { reloadUser, useSession } from '../../../lib/session.ts';
import { bindMobile, reauthenticate, sendSecurityCode } from '../api/security.ts';
import { memberKeys } from '../api/memberKeys.ts';
import { SmsCodeField } from '../../../components/CodeButton.tsx';
import { useFeedback } from '../../../lib/feedback.ts';

/** 绑定手机: shows the bound number; 更换手机号 opens the two-step change. */
export function MobileCard() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  return (
    <Card title="绑定手机" data-testid="mobile-card">
      <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
        <MobileOutlined style={{ fontSize: 28, color: '#7b5a98' }} />
        <div style={{ flex: 1 }}>
          <div style={{ fontSize: 16 }} data-testid="settings-mobile">
            {user?.mobile || '未绑定手机号'}
          </div>
          <div style={{ color: '#6b6b6b', fontSize: 13 }}>用于短信登录、修改密码和接收订单通知</div>
        </div>
        <Button onClick={() => setOpen(true)}>{user?.mobile ? '更换手机号' : '绑定手机号'}</Button>
      </div>
      {open ? <ChangeMobileModal onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}

type Way = 'password' | 'sms';

function ChangeMobileModal({ onClose }: { onClose: () => void }) {
  const { message } = useFeedback();
  const { user } = useSession();
  const client = useQueryClient();
  const [step, setStep] = useState(0);
  const [way, setWay] = useState<Way>('password');
  const [ticket, setTicket] = useState('');
  const [newMobile, setNewMobile] = useState('');
  const [busy, setBusy] = useState(false);
  const [verifyForm] = Form.useForm<{ password?: string; smsCode?: string }>();
  const [bindForm] = Form.useForm<{ mobileNumber: string; code: string }>();

  async function verify(v: { password?: string; smsCode?: string }) {
    setBusy(true);
    try {
      const r = await reauthenticate(way === 'password' ? { password: v.password } : { smsCode: v.smsCode });
      setTicket(r.ticket);
      setStep(1);
    } catch {
      // The request helper shows the server's reason (wrong password, wrong code).
    } finally {
      setBusy(false);
    }
  }

  /** A refusal about the number itself belongs under the number field too. */
  function showOnField(err: unknown) {
    if (err instanceof RequestError && (err.code === Code.MOBILE_TAKEN || err.code === Code.BAD_REQUEST)) {
      bindForm.setFields([{ name: 'mobileNumber', errors: [err.message] }]);
    }
    if (err instanceof RequestError && err.code === Code.FORBIDDEN) setStep(0); // the ticket ran out: verify again
  }

  async function sendToNew() {
    const { mobileNumber } = await bindForm.validateFields(['mobileNumber']);
    try {
      await sendSecurityCode({ purpose: 'bindMobile', ticket, mobileNumber });
    } catch (err) {
      showOnField(err);
      throw err;
    }
  }

  async function bind(v: { mobileNumber: string; code: string }) {
    setBusy(true);
    try {
      await bindMobile({ ticket, mobileNumber: v.mobileNumber, code: v.code });
      setNewMobile(`${v.mobileNumber.slice(0, 3)}****${v.mobileNumber.slice(-4)}`);
      setStep(2);
      void message.success('手机号已更换');
      await reloadUser();
      void client.invalidateQueries({ queryKey: memberKeys.securitySummary });
    } catch (err) {
      showOnField(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title="更换绑定手机" footer={null} onCancel={onClose} width={560} destroyOnHidden maskClosable={false}>
      <Steps
        size="small"
        current={step}
        style={{ margin: '16px 0 24px' }}
        items={[{ title: '验证身份' }, { title: '绑定新手机' }, { title: '完成' }]}
      />
      {step === 0 ? (
        <>
          <Tabs
            activeKey={way}
            onChange={(k) => {
              setWay(k as Way);
              verifyForm.resetFields();
            }}
            items={[
              { key: 'password', label: '登录密码验证' },
              { key: 'sms', label: '原手机验证码验证', disabled: !user?.mobile },
            ]}
          />
          <Form form={verifyForm} labelCol={{ flex: '96px' }} labelAlign="left" colon={false} onFinish={verify}>
            {way === 'password' ? (
              <Form.Item label="登录密码" name="password" rules={[{ required: true, message: '请填写登录密码' }]}>
                <Input.Password placeholder="当前登录密码" autoComplete="current-password" />
              </Form.Item>
            ) : (
              <>
                <Form.Item label="当前手机">{user?.mobile}</Form.Item>
                <SmsCodeField name="smsCode" send={() => sendSecurityCode({ purpose: 'verifyMobile' })} />
              </>
            )}
            <Form.Item label=" ">
              <Button type="primary" htmlType="submit" loading={busy}>
                下一步
              </Button>
            </Form.Item>
          </Form>
        </>
      ) : null}
      {step === 1 ? (
        <Form form={bindForm} labelCol={{ flex: '96px' }} labelAlign="left" colon={false} onFinish={bind}>
          <Form.Item
            label="新手机号"
            name="mobileNumber"
            rules={[
              { required: true, message: '请填写新手机号' },
              { pattern: MOBILE_PATTERN, message: '手机号格式不正确' },
            ]}
          >
            <Input placeholder="11 位手机号" maxLength={11} inputMode="numeric" />
          </Form.Item>
          <SmsCodeField name="code" send={sendToNew} />
          <Form.Item label=" ">
            <Button type="primary" htmlType="submit" loading={busy}>
              确认更换
            </Button>
          </Form.Item>
        </Form>
      ) : null}
      {step === 2 ? (
        <Result
          status="success"
          title="手机号已更换"
          subTitle={`现在绑定的手机号是 ${newMobile}，以后请用它短信登录`}
          extra={
            <Button type="primary" onClick={onClose}>
              完成
            </Button>
          }
        />
      ) : null}
    </Modal>
  );
}
