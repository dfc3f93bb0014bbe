/** Reply shapes of the member-area calls, as the server's presenters give them. */
export interface SecurityItem {
  key: 'password' | 'mobile' | 'realName';
  title: string;
  done: boolean;
  description: string;
  advice: string | null;
}

export interface SecuritySummary {
  level: '低' | '中' | '高';
  score: number;
  items: SecurityItem[];
  sessionCount: number;
  advice: string[];
}

export type SecurityPurpose = 'changePassword' | 'verifyMobile' | 'bindMobile' | 'cancelAccount';

export type { SessionView } from '@mall/shared';
