import { UnderConstruction } from '../../../components/UnderConstruction.tsx';

/** 「操作日志」: a placeholder until the audit feature brings its screen (replace this file). */
export default function AuditLogPage() {
  return <UnderConstruction />;
}
