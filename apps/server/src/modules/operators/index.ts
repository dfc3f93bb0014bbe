// The operators module's public face: operator accounts (its service), the console's guard every
// /ops/ route sits behind, the audit log every console write lands in, and the token scripts use.
export * from './operators.service.ts';
export { diff } from './audit.ts';
export { audit, guarded, operatorOf, storeOf } from './guard.ts';
export { OPS_TOKEN_FILE, opsToken } from './ops-token.ts';
