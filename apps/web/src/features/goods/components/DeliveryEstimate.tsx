import { lazy, Suspense, useState } from 'react';
import { DownOutlined, EnvironmentOutlined, RightOutlined } from '@ant-design/icons';
import { useSession } from '../../../lib/session.ts';
import type { DeliveryEstimate as Estimate } from '@mall/shared';
import { useDeliveryEstimate, type RegionCodes } from '../api/getDeliveryEstimate.ts';
import { useDefaultRegion } from '../api/getDeliveryRegions.ts';
import styles from './delivery.module.css';

// The pickers load after the first screen (PC: at once, the button shows meanwhile; phone: when the
// sheet is first opened).
const RegionDropdown = lazy(() => import('./DeliveryRegionPicker.tsx').then((m) => ({ default: m.RegionDropdown })));
const RegionSheet = lazy(() => import('./DeliveryRegionPicker.tsx').then((m) => ({ default: m.RegionSheet })));

const errorMessage = (err: unknown) =>
  err instanceof Error && err.message ? err.message : '网络或服务器出了点问题，请稍后重试';

/** A region picked on one goods page stays picked on the next for the rest of the visit. */
let pickedThisVisit: RegionCodes | null = null;

const asRegion = (codes: (string | number)[] | undefined): RegionCodes | null =>
  codes?.length === 3 ? (codes.map(String) as RegionCodes) : null;

interface Props {
  goodsId: number;
  /** The chosen SKU, when one is; otherwise the goods' lowest price is priced. */
  skuId?: number;
  quantity: number;
  /** `phone`: a cell that opens the region picker in a bottom sheet. */
  variant?: 'pc' | 'phone';
  /** The phone cell's row style (the goods page's own cell rows). */
  className?: string;
}

/**
 * 配送至 on the goods detail: the signed-in buyer's default address (or the region picked here), the
 * freight for it and when it arrives, as the server decides (GET /member/goods/delivery/estimate).
 * Signed out or without an address: 请选择 and a region picker (the address book's GB/T 2260 tree).
 */
export function DeliveryEstimate({ goodsId, skuId, quantity, variant = 'pc', className }: Props) {
  const { user } = useSession();
  const fallback = useDefaultRegion(Boolean(user));
  const [picked, setPicked] = useState<RegionCodes | null>(pickedThisVisit);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [sheetUsed, setSheetUsed] = useState(false);
  const region = picked ?? fallback.region;
  const estimate = useDeliveryEstimate({ goodsId, skuId, quantity, region });

  const pick = (codes: (string | number)[] | undefined) => {
    const next = asRegion(codes);
    if (!next) return;
    pickedThisVisit = next;
    setPicked(next);
    setPickerOpen(false);
  };

  const data = region ? estimate.data : undefined;
  const regionText =
    data?.region.text ??
    (region && estimate.isFetching ? '正在查询…' : !region && fallback.isLoading ? '正在读取默认地址…' : null);
  const facts = <Facts region={region} estimate={estimate} data={data} />;

  if (variant === 'phone') {
    return (
      <>
        <button
          type="button"
          className={`${className ?? ''} ${styles.cell}`}
          onClick={() => {
            setSheetUsed(true);
            setPickerOpen(true);
          }}
          aria-label={`配送至 ${regionText ?? '请选择'}，更换配送地区`}
          data-testid="delivery-estimate"
        >
          <span className={styles.cellLabel}>配送至</span>
          <span className={styles.cellBody}>
            <span
              className={`${styles.cellRegion} ${regionText ? '' : styles.placeholder}`}
              data-testid="delivery-region"
            >
              {regionText ?? '请选择'}
            </span>
            <span className={styles.cellFacts}>{facts}</span>
          </span>
          <RightOutlined aria-hidden className={styles.arrow} />
        </button>
        {sheetUsed ? (
          <Suspense fallback={null}>
            <RegionSheet region={region} open={pickerOpen} onOpenChange={setPickerOpen} onPick={pick} />
          </Suspense>
        ) : null}
      </>
    );
  }

  // Until the dropdown's chunk has come, the same button opens it as soon as it does.
  const trigger = (onClick?: () => void) => (
    <button
      type="button"
      className={styles.trigger}
      onClick={onClick}
      aria-label={`配送至 ${regionText ?? '请选择'}，更换配送地区`}
      aria-haspopup="listbox"
      aria-expanded={pickerOpen}
      data-testid="delivery-region"
    >
      <EnvironmentOutlined aria-hidden />
      <span className={regionText ? undefined : styles.placeholder}>{regionText ?? '请选择'}</span>
      <DownOutlined aria-hidden style={{ fontSize: 10 }} />
    </button>
  );
  return (
    <div className={styles.row} data-testid="delivery-estimate">
      <span className={styles.label}>配送至</span>
      <div className={styles.body}>
        <Suspense fallback={trigger(() => setPickerOpen(true))}>
          <RegionDropdown region={region} open={pickerOpen} onOpenChange={setPickerOpen} onPick={pick}>
            {trigger()}
          </RegionDropdown>
        </Suspense>
        {facts}
      </div>
    </div>
  );
}

function Facts({
  region,
  estimate,
  data,
}: {
  region: RegionCodes | null;
  estimate: ReturnType<typeof useDeliveryEstimate>;
  data: Estimate | undefined;
}) {
  if (!region) return <span className={styles.facts}>选择地区后查看运费和送达时间</span>;
  if (estimate.isError && !estimate.isFetching)
    return (
      <span className={`${styles.facts} ${styles.error}`} role="alert">
        {errorMessage(estimate.error)}
      </span>
    );
  if (!data) return <span className={styles.facts}>正在查询运费和送达时间…</span>;
  return (
    <span className={styles.facts} aria-live="polite">
      <span className={data.freight === 0 ? styles.freightFree : styles.freight} data-testid="delivery-freight">
        {data.freight === 0 ? '免运费' : `运费 ${data.freightText}`}
        {data.freightHint ? `（${data.freightHint}）` : ''}
      </span>
      <span className={styles.estimate} data-testid="delivery-text">
        {data.estimateText}
      </span>
    </span>
  );
}
