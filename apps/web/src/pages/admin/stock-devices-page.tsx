import { DevicesPage } from '../../features/admin/stock/components/devices-page';

/** /admin/devices */
export function StockDevicesPage() {
  return <DevicesPage />;
}
