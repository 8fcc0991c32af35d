import { SharedDeviceView } from '../features/devices/components/shared-device-view';

export function SharedDevicePage() {
  return <SharedDeviceView />;
}
