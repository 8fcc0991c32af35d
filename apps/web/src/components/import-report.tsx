import { Alert, Badge, Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A CSV import's preview failure (the file as a whole refused): the server's message under a title. */
export function ImportPreviewError({ title, message }: { title: string; message: string }) {
  return (
    <Alert color="red" title={title}>
      {message}
    </Alert>
  );
}

/** How many rows of a CSV import are ready and how many have problems, with what else goes beside them. */
export function ImportCounts(props: {
  validLabel: string;
  invalidLabel: string;
  invalid: number;
  children?: ReactNode;
}) {
  return (
    <Group gap="xs">
      <Badge color="green" variant="light">
        {props.validLabel}
      </Badge>
      <Badge color={props.invalid ? 'red' : 'gray'} variant="light">
        {props.invalidLabel}
      </Badge>
      {props.children}
    </Group>
  );
}

/** A previewed row's result cell: its problems in red, or `ok` in green. */
export function ImportRowResult({ problems, ok }: { problems: readonly string[]; ok: string }) {
  return (
    <Table.Td>
      <Text size="sm" c={problems.length ? 'red' : 'green'}>
        {problems.length ? problems.join('; ') : ok}
      </Text>
    </Table.Td>
  );
}
