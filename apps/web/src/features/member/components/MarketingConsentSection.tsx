import { Switch } from 'antd';
import { formatTime } from '@mall/shared';
import { LoadError } from '../../../components/LoadError.tsx';
import { useFeedback } from '../../../lib/feedback.ts';
import { useMarketingConsent, useSetMarketingConsent } from '../api/privacy.ts';

const shown = (iso: string) => formatTime(iso, 'YYYY-MM-DD HH:mm');

/** 营销消息: the switch, the date of its last change and the changes recorded. */
export function MarketingConsentSection() {
  const { message } = useFeedback();
  const consent = useMarketingConsent();
  const change = useSetMarketingConsent();
  const c = consent.data;

  if (consent.isError) return <LoadError onRetry={() => void consent.refetch()} />;
  return (
    <section aria-labelledby="marketing-title" data-testid="marketing-consent">
      <div style={{ display: 'flex', alignItems: 'flex-start', gap: 16 }}>
        <div style={{ flex: 1, minWidth: 0 }}>
          <h3 id="marketing-title" style={{ margin: 0, fontSize: 15 }}>
            营销消息
          </h3>
          <p style={{ margin: '4px 0 0', color: '#6b6b6b', fontSize: 13 }}>
            开启后，我们会通过短信向您发送您设置的秒杀开抢提醒等营销消息；关闭后不再发送，可随时重新开启。验证码与订单通知不受影响。
          </p>
        </div>
        <Switch
          checked={c?.granted ?? false}
          loading={consent.isPending || change.isPending}
          disabled={!c}
          checkedChildren="开"
          unCheckedChildren="关"
          aria-label="接收营销消息"
          data-testid="marketing-switch"
          onChange={(on) =>
            change.mutateAsync(on).then(
              () => void message.success(on ? '已开启营销消息' : '已关闭营销消息，我们将不再向您发送活动提醒等营销消息'),
              () => undefined,
            )
          }
        />
      </div>
      {c ? (
        <p style={{ margin: '8px 0 0', fontSize: 13 }} data-testid="marketing-changed">
          当前：{c.granted ? '已开启' : '已关闭'} · 最近更改 {shown(c.changedAt)}
          {c.byDefault ? '（注册时同意《隐私政策》）' : ''}
        </p>
      ) : null}
      {c && c.records.length > 0 ? (
        <details style={{ marginTop: 6, fontSize: 13, color: '#6b6b6b' }}>
          <summary style={{ cursor: 'pointer' }}>变更记录（{c.records.length}）</summary>
          <ul style={{ margin: '6px 0 0', paddingInlineStart: 20 }} data-testid="marketing-records">
            {c.records.map((r) => (
              <li key={r.createdAt + String(r.granted)}>
                {shown(r.createdAt)} {r.granted ? '同意接收' : '撤回同意'}（{r.sourceText}）
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
