/** Replies of the member's rights over their data (账户安全 › 个人信息与隐私). */

export interface ConsentRecordView {
  granted: boolean;
  /** 会员本人 / 演示数据 */
  sourceText: string;
  createdAt: string;
}

export interface MarketingConsentView {
  granted: boolean;
  /** When it was last changed; with no change, when the member registered (consent given with the privacy policy). */
  changedAt: string;
  /** True while the member never changed it (given at registration). */
  byDefault: boolean;
  /** Newest first, at most 20. */
  records: ConsentRecordView[];
}

export type DataCopyFileKind = 'json' | 'csv';

export interface DataCopyFileLink {
  kind: DataCopyFileKind;
  /** e.g. 个人信息副本-20261128.json */
  fileName: string;
  /** Signed, bound to the member, 10 minutes, works once; needs the member's sign-in too. */
  url: string;
  downloadedAt: string | null;
}

export interface DataCopyView {
  id: string;
  createdAt: string;
  expiresAt: string;
  /** 可下载 / 已下载 / 已过期 */
  stateText: string;
  /** Only for the copy just made (links are handed out once). */
  files?: DataCopyFileLink[];
  jsonDownloadedAt: string | null;
  csvDownloadedAt: string | null;
}

export interface DataCopyList {
  list: DataCopyView[];
  dailyLimit: number;
  usedToday: number;
}
