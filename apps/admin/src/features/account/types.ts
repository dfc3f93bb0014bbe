/** Replies of the operator's own account calls (`/ops/auth/*`), as the operators module shapes them. */
export interface OpsSession {
  id: string;
  ip: string | null;
  device: string | null;
  createdAt: string;
  lastActiveAt: string;
  current: boolean;
}

export interface OpsTotpSetup {
  /** Base32, for typing into an authenticator by hand. */
  secret: string;
  otpauthUrl: string;
}
