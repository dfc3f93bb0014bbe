import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Form, Modal, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Code, formatTime, type CancellationBlocker } from '@mall/shared';
import { SmsCodeField } from '../../../components/CodeButton.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { RequestError } from '../../../lib/request.ts';
import { feedback } from '../../../lib/feedback.ts';
import { forgetEndedSession } from '../../../lib/session.ts';
import { applyForCancellation, useCancellationPreview } from '../api/cancellation.ts';
import { memberKeys } from '../api/memberKeys.ts';
import { sendSecurityCode } from '../api/security.ts';
import styles from './CancellationCard.module.css';

interface Values {
  smsCode: string;
  understood: boolean;
}

function Blockers({ blockers }: { blockers: CancellationBlocker[] }) {
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="cancellation-blockers"
      title="账号暂不能注销，请先处理以下事项："
      description={
        <ul className={styles.list}>
          {blockers.map((b) => (
            <li key={b.key}>
              {b.text}
              {b.link ? (
                <>
                  {' '}
                  <Link to={b.link}>去处理</Link>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      }
    />
  );
}

/**
 * 注销账号 (PIPL art. 47): what erasure removes and what is kept, what must be finished first, then a
 * confirmation by SMS code. Once asked, every session ends: the member is taken to sign-in, where
 * signing in during the cooling-off offers 撤销注销.
 */
export function CancellationCard() {
  const preview = useCancellationPreview();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();
  const p = preview.data;

  async function confirm(v: Values) {
    setSubmitting(true);
    setError(null);
    try {
      const { eraseAt } = await applyForCancellation(v.smsCode);
      forgetEndedSession();
      feedback.message.destroy(); // 验证码已发送 belongs to this page, not to sign-in
      void navigate('/login', {
        replace: true,
        state: { notice: `注销申请已提交，账号将于 ${formatTime(eraseAt, 'YYYY年M月D日 HH:mm')} 注销。冷静期内登录可撤销注销。` },
      });
    } catch (err) {
      const code = err instanceof RequestError ? err.code : undefined;
      const text = err instanceof Error ? err.message : '注销申请提交失败';
      if (code === Code.WRONG_SMS_CODE || code === Code.SMS_CODE_EXPIRED || code === Code.BAD_REQUEST) {
        form.setFields([{ name: 'smsCode', errors: [text] }]);
      } else {
        setError(text);
        if (code === Code.CANCELLATION_BLOCKED) void client.invalidateQueries({ queryKey: memberKeys.cancellation });
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Card title="注销账号" data-testid="cancellation-card">
      {preview.isError ? (
        <LoadError error={preview.error} onRetry={() => void preview.refetch()} />
      ) : !p ? (
        <Typography.Text type="secondary">加载中…</Typography.Text>
      ) : (
        <div className={styles.body}>
          <Typography.Paragraph className={styles.lead}>
            注销后账号无法恢复。提交申请后有 <strong>{p.coolingDays} 天</strong>冷静期，期间登录可撤销注销；冷静期结束后，以下信息将被永久删除。
          </Typography.Paragraph>
          {/* What stops the request comes first: on a phone the lists below run over a screen. */}
          {p.blockers.length > 0 ? <Blockers blockers={p.blockers} /> : null}
          <div className={styles.columns}>
            <section aria-labelledby="cancellation-erased" className={styles.section}>
              <h3 id="cancellation-erased" className={styles.heading}>
                将被删除
              </h3>
              <ul className={styles.list} data-testid="cancellation-erased">
                {p.erased.map((t) => (
                  <li key={t}>{t}</li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="cancellation-kept" className={styles.section}>
              <h3 id="cancellation-kept" className={styles.heading}>
                将被保留
              </h3>
              <ul className={styles.list} data-testid="cancellation-kept">
                {p.kept.map((t) => (
                  <li key={t}>{t}</li>
                ))}
              </ul>
              <Typography.Paragraph type="secondary" className={styles.note}>
                注销后，您的手机号和用户名可重新注册使用；如需保留资料，请先在上方申请个人信息副本。
              </Typography.Paragraph>
            </section>
          </div>
          <div>
            <Button danger onClick={() => setOpen(true)} disabled={p.blockers.length > 0} data-testid="cancellation-open">
              申请注销账号
            </Button>
            {p.blockers.length > 0 ? (
              <Typography.Text type="secondary" className={styles.hint}>
                处理完以上事项后即可申请
              </Typography.Text>
            ) : null}
          </div>
        </div>
      )}
      <Modal
        title="确认注销账号"
        open={open}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        footer={null}
        width={480}
      >
        {p ? (
          <Form<Values> form={form} layout="vertical" onFinish={(v) => void confirm(v)} aria-label="确认注销账号">
            <Typography.Paragraph>
              验证码将发送至绑定手机 <strong data-testid="cancellation-mobile">{p.mobile ?? '未绑定'}</strong>。提交后所有设备将退出登录，
              {p.coolingDays} 天后账号注销并删除个人信息。
            </Typography.Paragraph>
            <SmsCodeField name="smsCode" send={() => sendSecurityCode({ purpose: 'cancelAccount' })} disabled={!p.mobile} />
            <Form.Item
              name="understood"
              valuePropName="checked"
              rules={[{ validator: (_r, v) => (v ? Promise.resolve() : Promise.reject(new Error('请确认您已了解注销的后果'))) }]}
            >
              <Checkbox>我已了解：冷静期结束后账号及上述个人信息将被永久删除，无法恢复</Checkbox>
            </Form.Item>
            {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="cancellation-error" /> : null}
            <div className={styles.actions}>
              <Button onClick={() => setOpen(false)}>再想想</Button>
              <Button type="primary" danger htmlType="submit" loading={submitting}>
                确认注销
              </Button>
            </div>
          </Form>
        ) : null}
      </Modal>
    </Card>
  );
}
