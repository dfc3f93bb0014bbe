import { lazy, Suspense, useState } from 'react';
import { RightOutlined } from '@ant-design/icons';
import { useGoodsCoupons } from '../../../lib/coupons.ts';
import detailStyles from './detail.module.css';
import phoneStyles from './phone/phone.module.css';

// The list's popover loads after the first screen (the chips show meanwhile); the phone's sheet when
// first opened.
const CouponsPopover = lazy(() => import('./GoodsCouponsPanel.tsx').then((m) => ({ default: m.CouponsPopover })));
const CouponsSheet = lazy(() => import('./GoodsCouponsPanel.tsx').then((m) => ({ default: m.CouponsSheet })));

const chip: React.CSSProperties = {
  display: 'inline-block',
  border: '1px solid #c41d2f',
  color: '#a8071a',
  borderRadius: 4,
  padding: '0 6px',
  fontSize: 12,
  lineHeight: '20px',
  whiteSpace: 'nowrap',
};

/**
 * 领券 on goods detail: the coupons on offer that apply to this goods, as chips of their rule; a click
 * opens them (a popover on a PC, a bottom sheet on a phone) to claim in place. Nothing shows when none apply.
 */
export function GoodsCoupons({ goodsId, variant }: { goodsId: number; variant: 'pc' | 'phone' }) {
  const coupons = useGoodsCoupons(goodsId);
  const [open, setOpen] = useState(false);
  const [sheetUsed, setSheetUsed] = useState(false);
  const list = coupons.data?.list ?? [];
  if (list.length === 0) return null;
  const chips = list.slice(0, 3).map((c) => (
    <span key={c.templateId} style={chip}>
      {c.ruleText}
    </span>
  ));

  if (variant === 'phone')
    return (
      <>
        <button
          type="button"
          className={phoneStyles.cellRow}
          onClick={() => {
            setSheetUsed(true);
            setOpen(true);
          }}
          data-testid="goods-coupons-open"
        >
          <span className={phoneStyles.cellLabel}>领券</span>
          <span className={phoneStyles.cellValue} style={{ display: 'flex', gap: 6, overflow: 'hidden' }}>
            {chips}
          </span>
          <RightOutlined aria-hidden style={{ color: '#666' }} />
        </button>
        {sheetUsed ? (
          <Suspense fallback={null}>
            <CouponsSheet list={list} open={open} onOpenChange={setOpen} />
          </Suspense>
        ) : null}
      </>
    );

  // Until the popover's chunk has come, the same button opens it as soon as it does.
  const trigger = (onClick?: () => void) => (
    <button
      type="button"
      data-testid="goods-coupons-open"
      aria-haspopup="dialog"
      onClick={onClick}
      style={{ display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center', background: 'none', border: 0, padding: 0, cursor: 'pointer' }}
    >
      {chips}
      <span style={{ color: '#7b5a98', fontSize: 12 }}>领取 ›</span>
    </button>
  );
  return (
    <div className={detailStyles.row} style={{ margin: '8px 0' }}>
      <span className={detailStyles.label}>领券</span>
      <Suspense fallback={trigger(() => setOpen(true))}>
        <CouponsPopover list={list} open={open} onOpenChange={setOpen}>
          {trigger()}
        </CouponsPopover>
      </Suspense>
    </div>
  );
}
