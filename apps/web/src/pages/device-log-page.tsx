import { DeviceLogPanel } from '../features/device-log/components/device-log-panel';

export function DeviceLogPage() {
  return <DeviceLogPanel />;
}
