import { useState } from 'react';
import { Modal, Segmented, Space } from 'antd';

/** The widths the buyer app is built for: a phone and a PC screen. */
const WIDTHS = { phone: { width: 375, height: 720, label: '手机（375）' }, pc: { width: 1440, height: 900, label: '电脑（1440）' } } as const;
type Mode = keyof typeof WIDTHS | 'both';
function Frame({ src, mode, title, scale = 1 }: { src: string; mode: keyof typeof WIDTHS; title: string; scale?: number }) {
  const w = WIDTHS[mode];
  return (
    <figure style={{ margin: 0 }}>
      <figcaption style={{ color: '#595959', marginBottom: 6 }}>
        {w.label}
        {scale !== 1 ? `，按 ${Math.round(scale * 100)}% 显示` : ''}
      </figcaption>
      <div style={{ width: w.width * scale, height: w.height * scale, overflow: 'hidden', border: '1px solid #d9d9d9', borderRadius: 8, background: '#f5f5f5' }}>
        <iframe
          src={src}
          title={`${title}（${w.label}预览）`}
          data-testid={`preview-frame-${mode}`}
          style={{ width: w.width, height: w.height, border: 0, transform: `scale(${scale})`, transformOrigin: '0 0' }}
        />
      </div>
    </figure>
  );
}

/**
 * 预览: the buyer's /activity/<id>?preview=<token> (served by the same site) at a phone's and a PC's
 * width, side by side or one at a time. The link is valid 10 minutes.
 */
export function PreviewModal({ src, title, onClose }: { src: string | null; title: string; onClose: () => void }) {
  const [mode, setMode] = useState<Mode>('both');
  return (
    <Modal
      open={src !== null}
      onCancel={onClose}
      footer={null}
      width="min(1200px, 96vw)"
      title={`预览：${title}`}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Segmented<Mode>
            value={mode}
            onChange={setMode}
            options={[
              { value: 'both', label: '并排' },
              { value: 'phone', label: '手机' },
              { value: 'pc', label: '电脑' },
            ]}
            aria-label="预览宽度"
          />
          <span style={{ color: '#595959' }}>预览链接 10 分钟内有效；买家看不到未上线的页面</span>
        </Space>
        {src ? (
          <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start', flexWrap: 'wrap', overflow: 'auto' }}>
            {mode !== 'pc' ? <Frame src={src} mode="phone" title={title} /> : null}
            {/* The PC frame is drawn smaller so it fits (beside the phone at half size). */}
            {mode !== 'phone' ? <Frame src={src} mode="pc" title={title} scale={mode === 'both' ? 0.5 : 0.75} /> : null}
          </div>
        ) : null}
      </Space>
    </Modal>
  );
}
