import { TrackPanel } from '../features/devices/components/track-panel';

export function DeviceTrackPage() {
  return <TrackPanel />;
}
