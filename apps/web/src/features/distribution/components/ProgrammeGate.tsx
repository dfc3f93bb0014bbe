import type { ReactNode } from 'react';
import type { DistributionProgramme, DistributionStatus } from '@mall/shared';
import { LoadError } from '../../../components/LoadError.tsx';
import { Loading, Panel } from '../../../components/Panel.tsx';
import { useDistributionStatus } from '../api/status.ts';
import { JoinPanel } from './JoinPanel.tsx';

/**
 * A programme's screen: its content for an active member, otherwise how to join (with the
 * application's state and the form) under the screen's title.
 */
export function ProgrammeGate({
  programme,
  title,
  children,
}: {
  programme: DistributionProgramme;
  title: string;
  children: (status: DistributionStatus) => ReactNode;
}) {
  const status = useDistributionStatus(programme);
  if (status.isPending) {
    return (
      <Panel title={title}>
        <Loading />
      </Panel>
    );
  }
  if (status.isError || !status.data) {
    return (
      <Panel title={title}>
        <LoadError error={status.error} onRetry={() => void status.refetch()} />
      </Panel>
    );
  }
  if (!status.data.active) {
    return (
      <Panel title={title}>
        <JoinPanel status={status.data} />
      </Panel>
    );
  }
  return <>{children(status.data)}</>;
}
