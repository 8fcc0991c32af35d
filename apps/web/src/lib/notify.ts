import { notifications } from '@mantine/notifications';
import { isApiError } from '../api/http';
import i18n from '../i18n/i18n';
import { translateServerMessage } from '../i18n/server-message';

/** Success toast with the given (already translated) text. */
export const notifySuccess = (message: string) => notifications.show({ color: 'success', message });

/** Error toast: the server's message (translated when known) when it sent one, else `fallback`. */
export function notifyError(error: unknown, fallback: string) {
  const message = isApiError(error) && error.message ? translateServerMessage(i18n.t, error.message) : fallback;
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
