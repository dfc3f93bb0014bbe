// The accounts module's public face: its service, the member guard every buyer route uses, its moments,
// and the pieces the member area shares (the current user's reply, the nickname rule, refresh tokens).
export * from './accounts.service.ts';
export { memberOf, optionalMember, requireMember } from './auth-guard.ts';
export { setMemberSubscribers, type MemberSubscriber } from './member-moments.ts';
export { presentCurrentUser } from './accounts.presenter.ts';
export { nickname } from './accounts.schema.ts';
export { hashToken, newRefreshToken } from './tokens.ts';
export { exportFor } from './data-copy.ts';
export { cancellingMessage, claimDueCancellation, dueCancellations, eraseMember, openCancellation, startCancellation } from './cancellation.service.ts';
