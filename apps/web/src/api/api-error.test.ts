import { describe, expect, it } from 'vitest';
import { ApiError, isRefusal } from './api-error';

describe('isRefusal', () => {
  it('is true when the server refused the request (a 4xx)', () => {
    expect(isRefusal(new ApiError(401, 'Unauthorized'))).toBe(true);
    expect(isRefusal(new ApiError(404, 'Not found'))).toBe(true);
  });

  it('is false for a server or connection error: the user is still signed in', () => {
    expect(isRefusal(new ApiError(500, 'Internal error'))).toBe(false);
    expect(isRefusal(new ApiError(503, 'Unavailable'))).toBe(false);
    expect(isRefusal(new ApiError(0, 'Connection error'))).toBe(false);
    expect(isRefusal(new Error('boom'))).toBe(false);
  });
});
