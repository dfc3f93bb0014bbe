import { Tag } from 'antd';
import type { ApplicationStatus, DistributionProgramme, WithdrawalStatusCode } from '@mall/shared';

/** Solid tag colours dark enough for white text (≥ 4.5:1). */
const PROGRAMME_COLOR: Record<DistributionProgramme, string> = { CLASSIC: '#531dab', PROMOTER: '#c41d7f' };
const APPLICATION_COLOR: Record<ApplicationStatus, string> = {
  PENDING: '#ad4e00',
  APPROVED: '#237804',
  REJECTED: '#a8071a',
};
const WITHDRAWAL_COLOR: Record<WithdrawalStatusCode, string> = {
  PENDING: '#ad4e00',
  PAID: '#237804',
  REJECTED: '#a8071a',
};

export const ProgrammeTag = ({ programme, text }: { programme: DistributionProgramme; text: string }) => (
  <Tag color={PROGRAMME_COLOR[programme]}>{text}</Tag>
);
export const ApplicationStatusTag = ({ status, text }: { status: ApplicationStatus; text: string }) => (
  <Tag color={APPLICATION_COLOR[status]}>{text}</Tag>
);
export const WithdrawalStatusTag = ({ status, text }: { status: WithdrawalStatusCode; text: string }) => (
  <Tag color={WITHDRAWAL_COLOR[status]}>{text}</Tag>
);
