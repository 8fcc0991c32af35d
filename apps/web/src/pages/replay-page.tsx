import { ReplayPanel } from '../features/replay/components/replay-panel';

export function ReplayPage() {
  return <ReplayPanel />;
}
