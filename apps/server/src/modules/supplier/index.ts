// The supplier module's public face for other domains beside its service.
export { cancellationBlockers, eraseMember } from './member-erasure.ts';
