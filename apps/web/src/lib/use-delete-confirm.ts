import { useState } from 'react';
import { notifyOutcome } from './notify';

/** A delete mutation taking the id of what it deletes. */
export interface DeleteMutation {
  mutate: (id: number, callbacks: ReturnType<typeof notifyOutcome>) => void;
  isPending: boolean;
}

/**
 * The item awaiting a confirmed delete: `ask` opens the confirmation, `modal` holds the
 * ConfirmModal's state and handlers (confirming deletes, toasts, then closes and hands the item to `then`).
 */
export function useDeleteConfirm<T extends { id: number }>(
  remove: DeleteMutation,
  deleted: string,
  failed: string,
  then?: (item: T) => void,
) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const close = () => setDeleting(null);
  return {
    deleting,
    ask: (item: T) => setDeleting(item),
    modal: {
      opened: deleting !== null,
      loading: remove.isPending,
      onConfirm: () => {
        if (!deleting) return;
        remove.mutate(
          deleting.id,
          notifyOutcome(deleted, failed, () => {
            close();
            then?.(deleting);
          }),
        );
      },
      onClose: close,
    },
  };
}
