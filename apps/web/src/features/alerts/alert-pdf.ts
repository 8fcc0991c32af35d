import { ApiError } from '../../api/http';
import { getAccessToken } from '../../api/token-storage';

/**
 * The alert's PDF, rendered by the server in the user's language, units and time zone (GET /api/events/:id/pdf),
 * offered as a download. Fetched with the access token, so it cannot be a plain link.
 */
export async function downloadAlertPdf(eventId: number): Promise<void> {
  const token = getAccessToken();
  const res = await fetch(`/api/events/${eventId}/pdf`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(res.status, body?.message ?? res.statusText, body);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `alert-${eventId}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
