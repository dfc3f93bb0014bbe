import { Pagination } from 'antd';
import styles from './distribution.module.css';

/** The pages under a list: hidden when one page holds everything. */
export function Pager({
  pageNum,
  pageSize,
  total,
  onChange,
}: {
  pageNum: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}) {
  return (
    <div className={styles.pager}>
      <Pagination
        current={pageNum}
        pageSize={pageSize}
        total={total}
        showSizeChanger={false}
        hideOnSinglePage
        size="small"
        showTotal={(t) => `共 ${t} 条`}
        onChange={onChange}
      />
    </div>
  );
}
