import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyError, notifySuccess } from '../../../lib/notify';

export interface AdminMutationOptions<V, R> {
  mutationFn: (variables: V) => Promise<R>;
  /** Queries reloaded after success (every list the write may change), or those of the variables written. */
  invalidates: readonly QueryKey[] | ((variables: V) => readonly QueryKey[]);
  /** The success text (SPEC catalogue wording, translated), or none. */
  success?: string | ((result: R, variables: V) => string);
  /**
   * Shown when the server sends no message of its own. Without it the write shows no toast of its own: the
   * caller reports the outcome (a confirmed delete reports through its question).
   */
  failure?: string;
  /** Shows a failure; an area whose own client-side refusals have texts of their own passes its notifier. */
  notifyFailure?: (error: unknown, failure: string) => void;
  onSuccess?: (result: R, variables: V) => void;
}

/**
 * A write of the admin area: on success the named queries reload and the success text shows; on failure the
 * server's message field shows, else the failure text.
 */
export function useAdminMutation<V, R = unknown>(options: AdminMutationOptions<V, R>) {
  const queryClient = useQueryClient();
  const notifyFailure = options.notifyFailure ?? notifyError;
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: async (result, variables) => {
      const keys = typeof options.invalidates === 'function' ? options.invalidates(variables) : options.invalidates;
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      const text = typeof options.success === 'function' ? options.success(result, variables) : options.success;
      if (text) notifySuccess(text);
      options.onSuccess?.(result, variables);
    },
    onError: (error) => {
      if (options.failure !== undefined) notifyFailure(error, options.failure);
    },
  });
}
