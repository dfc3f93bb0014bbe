import { Tag } from 'antd';
import { SUPPLIER_APPLICATION_STATUS_NAMES, type SupplierApplicationStatus } from '@mall/shared';

/** Solid tag colours dark enough for white text (≥ 4.5:1), as the other review screens use. */
const COLOR: Record<SupplierApplicationStatus, string> = {
  PENDING: '#ad4e00',
  APPROVED: '#237804',
  REJECTED: '#a8071a',
  DRAFT: '#595959',
};

export const SupplierStatusTag = ({ status }: { status: SupplierApplicationStatus }) => (
  <Tag color={COLOR[status] ?? '#595959'} data-testid="supplier-status">
    {SUPPLIER_APPLICATION_STATUS_NAMES[status] ?? status}
  </Tag>
);
