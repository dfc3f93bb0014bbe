/** Members as the console reads them (/ops/member/page and /ops/member/detail, accounts and orders services). */
export type { MemberStatus } from '@mall/shared';
import type { MemberStatus } from '@mall/shared';

export interface MemberRow {
  id: string;
  username: string | null;
  nickname: string | null;
  avatar: string | null;
  /** Masked by the server: 138****8000. */
  mobile: string;
  roles: string[];
  status: MemberStatus;
  createdAt: string;
  lastActiveAt: string | null;
}

export interface MemberSession {
  id: string;
  clientTypeName: string;
  device: string;
  /** Masked by the server: 192.168.*.* */
  ip: string;
  createdAt: string;
  lastActiveAt: string;
}

export interface MemberOrderLine {
  orderNo: string;
  status: string;
  statusText: string;
  payableAmount: number;
  quantity: number;
  firstGoodsName: string | null;
  firstGoodsImage: string | null;
  deletedByBuyer: boolean;
  createdAt: string;
}

export interface MemberDetail extends Omit<MemberRow, 'lastActiveAt'> {
  gender: string;
  birthday: string | null;
  hasPassword: boolean;
  /** 注销账号: the latest request (注销中 until eraseAt; 已注销 since erasedAt), or none. */
  cancellation: { status: 'COOLING_OFF' | 'REVOKED' | 'ERASED'; requestedAt: string; eraseAt: string; erasedAt: string | null } | null;
  sessions: MemberSession[];
  orders: { total: number; counts: Record<string, number>; latest: MemberOrderLine[] };
}

export interface MemberQuery {
  keyword?: string;
  status?: MemberStatus;
  registeredFrom?: string;
  registeredTo?: string;
  pageNum: number;
  pageSize: number;
}
