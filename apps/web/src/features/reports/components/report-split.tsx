import { Grid, Text } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LatLng, ReportMap, type ReportMarker } from './report-map';
import { type ReportColumn, ReportTable } from './report-table';

/** A report's table and its map side by side on wide screens, the map below the table on narrower ones. */
export function ReportSplit({ table, map, tableSpan = 8 }: { table: ReactNode; map: ReactNode; tableSpan?: number }) {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, xl: tableSpan }}>{table}</Grid.Col>
      <Grid.Col span={{ base: 12, xl: 12 - tableSpan }}>{map}</Grid.Col>
    </Grid>
  );
}

interface SelectableProps<R> {
  label: string;
  rows: readonly R[];
  columns: readonly ReportColumn<R>[];
  rowKey: (row: R) => string;
  /** the rows' places, keyed as the rows are; the selected row's marker is drawn larger */
  markers: readonly Omit<ReportMarker, 'selected'>[];
  tracks?: readonly (readonly LatLng[])[];
  tableSpan?: number;
  /** a line above the table */
  heading?: ReactNode;
}

/**
 * A table and a map of the same rows, one row selected at a time: picking a row in the table marks its place on
 * the map, and picking a place on the map selects its row.
 */
export function SelectableReport<R>({
  label,
  rows,
  columns,
  rowKey,
  markers,
  tracks,
  tableSpan,
  heading,
}: SelectableProps<R>) {
  const { t } = useTranslation('reports');
  const [selected, setSelected] = useState<string | null>(null);
  const shown = useMemo(() => markers.map((m) => ({ ...m, selected: m.key === selected })), [markers, selected]);
  return (
    <ReportSplit
      tableSpan={tableSpan}
      table={
        <>
          {heading}
          {rows.length ? (
            <ReportTable
              label={label}
              rows={rows}
              columns={columns}
              rowKey={rowKey}
              selected={selected}
              onSelect={(_, key) => setSelected(key)}
            />
          ) : (
            <Text c="dimmed">{t('empty')}</Text>
          )}
        </>
      }
      map={<ReportMap label={t('map')} tracks={tracks} markers={shown} onSelect={setSelected} />}
    />
  );
}
