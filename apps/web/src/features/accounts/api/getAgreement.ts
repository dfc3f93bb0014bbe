import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

export type AgreementKind = 'user' | 'privacy';

export interface Agreement {
  type: AgreementKind;
  title: string;
  /** Plain text; paragraphs separated by blank lines. */
  content: string;
  /** 《隐私政策》 only: what the shop's own settings say (collected data, third parties, the member's rights). */
  sections?: { title: string; items: string[] }[];
}

export function getAgreement(type: AgreementKind) {
  return request.get<Agreement>('/member/site/agreement', { type }, { silent: true });
}

export function useAgreement(type: AgreementKind) {
  return useQuery({ queryKey: ['site', 'agreement', type], queryFn: () => getAgreement(type), staleTime: 60_000 });
}
