import { PositionDetails } from '../features/devices/components/position-details';

export function PositionPage() {
  return <PositionDetails />;
}
