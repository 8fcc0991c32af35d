import { DeviceDetailPage } from '../../features/admin/stock/components/device-detail-page';

/** /admin/devices/:id and /admin/devices/:id/details */
export function StockDevicePage() {
  return <DeviceDetailPage />;
}
