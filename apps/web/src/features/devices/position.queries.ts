import { useQuery } from '@tanstack/react-query';
import { positionSchema } from '@waymark/contracts/device';
import { z } from 'zod';
import { ApiError, http } from '../../api/http';
import { deviceKeys } from './devices.queries';

const positionsSchema = z.array(positionSchema);

/** GET /api/positions?id=: one stored position (a 404 ApiError when it is not visible). */
export async function fetchPosition(id: number, signal?: AbortSignal) {
  const [position] = await http(`/api/positions?id=${id}`, { schema: positionsSchema, signal });
  if (!position) throw new ApiError(404, 'Not found');
  return position;
}

/** One position by id, kept under the devices feature's positions key. */
export function usePositionQuery(id: number) {
  return useQuery({
    queryKey: deviceKeys.position(id),
    queryFn: ({ signal }) => fetchPosition(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}
