import { Table } from '@mantine/core';

/** A two-column table of labels and values. */
export function KeyValueTable({ rows, caption }: { rows: readonly (readonly [string, string])[]; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped withRowBorders={false} aria-label={caption}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="40%" fw={500}>
                {label}
              </Table.Th>
              <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
