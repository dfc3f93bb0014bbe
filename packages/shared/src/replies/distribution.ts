/** Replies of the distribution calls (分销 and 推广, issue 14). Money is integer fen. */

export const DISTRIBUTION_PROGRAMMES = ['CLASSIC', 'PROMOTER'] as const;
export type DistributionProgramme = (typeof DISTRIBUTION_PROGRAMMES)[number];
export const DISTRIBUTION_PROGRAMME_NAMES: Record<DistributionProgramme, string> = {
  CLASSIC: '分销',
  PROMOTER: '推广',
};
/** The member role an approval gives. */
export const DISTRIBUTION_ROLES: Record<DistributionProgramme, 'distributor' | 'promoter'> = {
  CLASSIC: 'distributor',
  PROMOTER: 'promoter',
};

export const APPLICATION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_NAMES: Record<ApplicationStatus, string> = {
  PENDING: '审核中',
  APPROVED: '已通过',
  REJECTED: '已驳回',
};

/** Where an applicant says they will share. */
export const SHARE_CHANNELS = ['微信好友', '微信群', '朋友圈', '小红书', '抖音', '微博', '其他'] as const;

export interface DistributionApplicationView {
  id: number;
  programme: DistributionProgramme;
  programmeText: string;
  realName: string;
  idMasked: string;
  /** Masked for the member (138****8000); whole for an operator. */
  mobile: string;
  channel: string;
  reason: string;
  /** 推广: the inviter's nickname (masked) when one was named. */
  inviterName: string | null;
  status: ApplicationStatus;
  statusText: string;
  rejectReason: string | null;
  createdAt: string;
  reviewedAt: string | null;
}

/** Where a member stands in one programme: what the programme's screens show at the top. */
export interface DistributionStatus {
  programme: DistributionProgramme;
  programmeText: string;
  /** NONE: never applied (or only withdrawn); otherwise the latest application's state. */
  state: 'NONE' | ApplicationStatus;
  stateText: string;
  /** Approved and not disabled: the programme's screens are filled. */
  active: boolean;
  shareCode: string | null;
  latest: DistributionApplicationView | null;
  /** Whether the member may apply now (none under review and not a member of the programme yet). */
  canApply: boolean;
  /** The member's real-name records to apply with (masked), so the form can offer them. */
  realNames: { id: string; name: string; idMasked: string }[];
}

/* ---- the console (分销 menu, permission distribution:manage) ---- */

export interface ConsoleApplication extends DistributionApplicationView {
  memberId: string;
  memberName: string;
  reviewedBy: string | null;
  /** What an operator may do now. */
  actions: ('approve' | 'reject')[];
}

export interface ConsoleApplicationPage {
  list: ConsoleApplication[];
  total: number;
  pageNum: number;
  pageSize: number;
}
