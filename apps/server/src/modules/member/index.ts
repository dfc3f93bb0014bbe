// The member module's public face beside its services: consent to marketing messages (asked by whatever
// sends one) and the 个人信息副本 log and links (the copy's contents are gathered in flows/).
export * from './consent.service.ts';
export * from './data-copy.service.ts';
export { dataCopyDownloadQuery } from './member.schema.ts';
export { eraseMember } from './member-erasure.ts';
export { storedAvatarOf } from './profile.service.ts';
export { confirmCancellationCode } from './security.service.ts';
export { cancellationApplyBody } from './member.schema.ts';
