import { DevicesPanel } from '../features/devices/components/devices-panel';

export function DevicesPage() {
  return <DevicesPanel />;
}
