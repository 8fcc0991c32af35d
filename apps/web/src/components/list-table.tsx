import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ListTableProps {
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  /** The column headings, already translated. */
  headers: readonly string[];
  /** The rows. */
  children: ReactNode;
}

/** A striped, scrollable management table with its heading row. */
export function ListTable({ minWidth, headers, children }: ListTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header) => (
              <Table.Th key={header}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
