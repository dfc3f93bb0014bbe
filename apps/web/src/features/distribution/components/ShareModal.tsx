import { useEffect, useState } from 'react';
import { Alert, Button, Input, Modal, Select, Space, Spin } from 'antd';
import { formatFen, type DistributionGoodsCard, type DistributionProgramme } from '@mall/shared';
import { formatTime } from '../../../lib/format.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { useShareLink } from '../api/goods.ts';
import { copyText } from './copyText.ts';
import { drawPoster } from './poster.ts';
import styles from './distribution.module.css';

/** 分享: the link carrying the member's share code, its QR code, a poster, its expiry and the mini-program state. */
export function ShareModal({
  programme,
  goods,
  onClose,
}: {
  programme: DistributionProgramme;
  goods: DistributionGoodsCard | null;
  onClose: () => void;
}) {
  const phone = useIsPhone();
  const { message } = useFeedback();
  const link = useShareLink();
  const [skuId, setSkuId] = useState<number | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const { mutate, reset } = link;

  const goodsId = goods?.goodsId ?? null;
  useEffect(() => {
    if (goodsId !== null) mutate({ goodsId, programme, ...(skuId ? { skuId } : {}) });
    else reset();
  }, [goodsId, skuId, programme, mutate, reset]);

  const close = () => {
    setSkuId(undefined);
    onClose();
  };
  const share = link.data;
  const copy = async (text: string, what: string) => {
    if (await copyText(text)) void message.success(`${what}已复制`);
    else void message.error('复制失败，请长按链接手动复制');
  };
  const save = async () => {
    if (!share) return;
    setSaving(true);
    try {
      const url = await drawPoster(share);
      const a = document.createElement('a');
      a.href = url;
      a.download = `海报-${share.goodsId}.png`;
      a.click();
      void message.success('海报已保存');
    } catch (err) {
      void message.error(err instanceof Error && err.message ? `保存失败：${err.message}` : '保存失败，请截图保存');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="分享商品"
      open={goods !== null}
      onCancel={close}
      footer={null}
      width={phone ? 'calc(100vw - 24px)' : 720}
      destroyOnHidden
    >
      {goods && goods.skus.length > 1 ? (
        <div style={{ marginBottom: 12 }}>
          <span style={{ color: '#555', marginRight: 8 }}>分享规格</span>
          <Select
            aria-label="分享规格"
            style={{ width: phone ? '100%' : 280 }}
            value={skuId ?? 0}
            onChange={(v) => setSkuId(v || undefined)}
            options={[
              { value: 0, label: '不指定规格' },
              ...goods.skus.map((s) => ({ value: s.skuId, label: `${s.specText} · ${formatFen(s.priceFen)}` })),
            ]}
          />
        </div>
      ) : null}
      {link.isPending || (!share && !link.isError) ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : link.isError || !share ? (
        <Alert
          type="error"
          showIcon
          title={link.error instanceof Error && link.error.message ? link.error.message : '生成分享链接失败'}
          action={
            <Button size="small" onClick={() => goods && mutate({ goodsId: goods.goodsId, programme, ...(skuId ? { skuId } : {}) })}>
              重试
            </Button>
          }
        />
      ) : (
        <div className={styles.share} data-testid="share-dialog">
          <div style={{ minWidth: 0 }}>
            <div style={{ color: '#555', marginBottom: 6 }}>分享链接</div>
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={share.url} aria-label="分享链接" data-testid="share-url" onFocus={(e) => e.target.select()} />
              <Button type="primary" onClick={() => void copy(share.url, '链接')}>
                复制链接
              </Button>
            </Space.Compact>
            <p className={styles.muted} style={{ margin: '6px 0 16px' }}>
              有效期至 {formatTime(share.expiresAt, 'YYYY-MM-DD HH:mm')}，好友通过链接登录或注册后与您绑定
            </p>
            <div style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' }}>
              <img src={share.qrCode} alt="商品分享二维码" className={styles.qr} data-testid="share-qr" />
              <div style={{ color: '#555', lineHeight: 1.8, minWidth: 0 }}>
                <div>微信扫一扫，打开商品页</div>
                <div>邀请码 <strong>{share.shareCode}</strong></div>
              </div>
            </div>
            <div style={{ marginTop: 16 }}>
              <div style={{ color: '#555', marginBottom: 6 }}>小程序链接</div>
              {share.miniProgram.available && share.miniProgram.urlScheme ? (
                <Space.Compact style={{ width: '100%' }}>
                  <Input readOnly value={share.miniProgram.urlScheme} aria-label="小程序链接" />
                  <Button onClick={() => void copy(share.miniProgram.urlScheme!, '小程序链接')}>复制</Button>
                </Space.Compact>
              ) : (
                <p className={styles.muted} style={{ margin: 0 }} data-testid="mini-program">
                  暂不可用：{share.miniProgram.reason ?? '未配置小程序'}
                </p>
              )}
            </div>
          </div>
          <div>
            <div className={styles.poster} data-testid="share-poster">
              {share.image ? <img src={share.image} alt={share.title} className={styles.posterImage} /> : null}
              <div className={styles.posterBody}>
                <div className={styles.posterTitle}>{share.title}</div>
                <div className={styles.posterFoot}>
                  <div>
                    <div className={styles.money} style={{ fontSize: 20 }}>
                      {formatFen(share.priceFen)}
                    </div>
                    <div className={styles.muted}>长按识别二维码</div>
                  </div>
                  <img src={share.qrCode} alt="" />
                </div>
              </div>
            </div>
            <div style={{ textAlign: 'center', marginTop: 12 }}>
              <Button onClick={() => void save()} loading={saving}>
                保存海报
              </Button>
            </div>
          </div>
        </div>
      )}
    </Modal>
  );
}
