// The assistant module's public face for other domains beside its service.
export { eraseMember } from './member-erasure.ts';
