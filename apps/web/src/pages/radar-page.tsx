import { RadarPanel } from '../features/devices/components/radar-panel';

export function RadarPage() {
  return <RadarPanel />;
}
