import { z } from 'zod';
import { http } from '../../api/http';

/** The answer of GET /api/server/geocode: plain text, empty (read as nothing) where no address is known. */
const addressSchema = z.string().optional();

/** GET /api/server/geocode: the address of a place, looked up by the server on demand (null: none known there). */
export async function fetchAddress(latitude: number, longitude: number): Promise<string | null> {
  const query = new URLSearchParams({ latitude: String(latitude), longitude: String(longitude) });
  const address = await http(`/api/server/geocode?${query}`, { schema: addressSchema });
  return address?.trim() || null;
}
