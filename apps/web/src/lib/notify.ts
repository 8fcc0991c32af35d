import { notifications } from '@mantine/notifications';
import { isApiError } from '../api/http';
import i18n from '../i18n/i18n';
import { translateServerMessage } from '../i18n/server-message';

/** Success toast with the given (already translated) text. */
export const notifySuccess = (message: string) => notifications.show({ color: 'success', message });

/**
 * Whether a failure carries a message worth showing: the server's own `message` field on a refusal (4xx), or
 * the connection error. A server fault (5xx) or a body without a message says nothing the caller's text does not.
 */
function ownMessage(error: unknown): string | null {
  if (!isApiError(error) || !error.message) return null;
  if (error.status === 0) return error.message;
  const body = error.body as { message?: unknown } | undefined;
  const sent = body && typeof body === 'object' && typeof body.message === 'string' && body.message;
  return sent && error.status < 500 ? error.message : null;
}

/** Error toast: the server's message (translated when known) when it sent one, else `fallback`. */
export function notifyError(error: unknown, fallback: string) {
  const own = ownMessage(error);
  const message = own ? translateServerMessage(i18n.t, own) : fallback;
  notifications.show({ color: 'error', message });
}

/** Callbacks for a mutation: a success toast and then `done`, or the error toast with `failure` as fallback. */
export const notifyOutcome = (success: string, failure: string, done?: () => void) => ({
  onSuccess: () => {
    notifySuccess(success);
    done?.();
  },
  onError: (error: unknown) => notifyError(error, failure),
});
