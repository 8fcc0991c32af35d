import { NetworkDetails } from '../features/devices/components/network-details';

export function NetworkPage() {
  return <NetworkDetails />;
}
