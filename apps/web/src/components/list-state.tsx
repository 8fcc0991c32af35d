import { Alert, Loader, type MantineSize, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ListStateProps {
  isPending: boolean;
  isError: boolean;
  /** No items at all. */
  isEmpty: boolean;
  /** Items exist, but none passes the current filter. */
  noMatch?: boolean;
  /** Accessible name of the spinner. */
  loadingLabel: string;
  /** Shown in an error Alert when the load failed. */
  errorText?: string;
  /** Shown instead of the default error Alert, e.g. one with details and a retry button. */
  errorContent?: ReactNode;
  emptyText: string;
  noMatchText?: string;
  /** Size of the spinner and the dimmed texts; Mantine's defaults when left out. */
  size?: MantineSize;
  /** The list itself, rendered only once the data is there. */
  children: () => ReactNode;
}

/** The states before a list: loading, failed, empty, nothing matching — else the list. */
export function ListState({
  isPending,
  isError,
  isEmpty,
  noMatch = false,
  loadingLabel,
  errorText,
  errorContent,
  emptyText,
  noMatchText,
  size,
  children,
}: ListStateProps) {
  if (isPending) return <Loader size={size} aria-label={loadingLabel} />;
  if (isError) return errorContent ?? <Alert color="error">{errorText}</Alert>;
  if (isEmpty)
    return (
      <Text size={size} c="dimmed">
        {emptyText}
      </Text>
    );
  if (noMatch)
    return (
      <Text size={size} c="dimmed">
        {noMatchText}
      </Text>
    );
  return children();
}
