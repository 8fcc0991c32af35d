import { Paper, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';

export interface StatTile {
  key: string;
  label: string;
  /** The count; undefined while loading. */
  value: number | string | undefined;
  icon?: ReactNode;
  color?: string;
}

export interface StatTilesProps {
  tiles: readonly StatTile[];
  /** The tile acting as the list's filter. */
  active?: string;
  /** Makes the tiles buttons that filter the list. */
  onSelect?: (key: string) => void;
  cols?: { base: number; sm?: number; lg?: number };
}

/** Counters over a list or a dashboard; clickable tiles filter, and the active one is outlined. */
export function StatTiles({ tiles, active, onSelect, cols = { base: 2, sm: 3, lg: 6 } }: StatTilesProps) {
  return (
    <SimpleGrid cols={cols} spacing="sm">
      {tiles.map((tile) => {
        const body = (
          <Paper
            key={tile.key}
            withBorder
            p="md"
            radius="md"
            style={
              active === tile.key
                ? { borderColor: `var(--mantine-color-${tile.color ?? 'primary'}-filled)`, borderWidth: 2 }
                : undefined
            }
          >
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {tile.label}
            </Text>
            {tile.value === undefined ? (
              <Skeleton h={28} mt={6} w={60} />
            ) : (
              <Text fz={26} fw={700} c={tile.color}>
                {tile.value}
              </Text>
            )}
          </Paper>
        );
        return onSelect ? (
          <UnstyledButton
            key={tile.key}
            onClick={() => onSelect(tile.key)}
            aria-pressed={active === tile.key}
            aria-label={`${tile.label}: ${tile.value ?? ''}`}
          >
            {body}
          </UnstyledButton>
        ) : (
          <div key={tile.key}>{body}</div>
        );
      })}
    </SimpleGrid>
  );
}
