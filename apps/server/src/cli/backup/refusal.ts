import { OpsError } from '../ops-client.ts';

/** A backup or restore that stops with a reason for the operator, in Chinese; nothing was changed. */
export class BackupRefusal extends OpsError {}
