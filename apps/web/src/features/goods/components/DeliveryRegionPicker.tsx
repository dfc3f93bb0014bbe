import type { ReactElement } from 'react';
import { Cascader, Spin } from 'antd';
import { BottomSheet } from '../../../components/phone/BottomSheet.tsx';
import type { RegionCodes } from '../api/getDeliveryEstimate.ts';
import { useRegionTree, type RegionOption } from '../api/getDeliveryRegions.ts';
import styles from './delivery.module.css';

// 配送至's region pickers, a chunk of their own (antd's Cascader with its Select, the bottom sheet):
// the goods page's first screen shows the region and the freight without them.

const errorMessage = (err: unknown) =>
  err instanceof Error && err.message ? err.message : '网络或服务器出了点问题，请稍后重试';

interface PickerProps {
  region: RegionCodes | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (codes: (string | number)[] | undefined) => void;
}

/** PC: the Cascader dropping down from the 配送至 button (`children`). */
export function RegionDropdown({
  region,
  open,
  onOpenChange,
  onPick,
  children,
}: PickerProps & { children: ReactElement }) {
  // The region tree (about 3,000 places) is fetched only when the buyer opens the picker.
  const tree = useRegionTree(open);
  return (
    <Cascader<RegionOption>
      options={tree.data ?? []}
      value={region ?? undefined}
      open={open}
      onOpenChange={onOpenChange}
      onChange={(codes) => onPick(codes)}
      notFoundContent={tree.isError ? '地区加载失败，请稍后重试' : '正在加载地区…'}
    >
      {children}
    </Cascader>
  );
}

/** Phone: the same tree as a panel in a bottom sheet. */
export function RegionSheet({ region, open, onOpenChange, onPick }: PickerProps) {
  const tree = useRegionTree(open);
  return (
    <BottomSheet open={open} title="选择配送地区" onClose={() => onOpenChange(false)} testId="delivery-sheet">
      <p className={styles.sheetHint}>依次选择省份、城市和区县，运费和送达时间随之更新。</p>
      {tree.isLoading ? (
        <Spin description="正在加载地区…" />
      ) : tree.isError ? (
        <div className={styles.error}>地区加载失败：{errorMessage(tree.error)}</div>
      ) : (
        <div className={styles.panel}>
          <Cascader.Panel
            options={tree.data ?? []}
            value={region ?? undefined}
            onChange={(codes) => onPick(codes as string[])}
            aria-label="配送地区"
          />
        </div>
      )}
    </BottomSheet>
  );
}
