import { Grid, MultiSelect } from '@mantine/core';
import { EVENT_TYPES, type Event, eventSchema } from '@waymark/contracts/event';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eventTypeLabel } from '../../alerts/event-label';
import { useDevicesQuery } from '../../devices/devices.queries';
import { ReportMap, type ReportMarker } from '../components/report-map';
import { type ReportColumn, ReportTable } from '../components/report-table';
import { ReportResult, ReportView } from '../components/report-view';
import { chosenEventTypes } from '../report-extra';
import { REPORT_PAGES } from '../report-pages';
import { usePositionsQuery, useReportQuery } from '../reports.queries';
import { useReportFormat } from '../use-report-format';
import { useReportState } from '../use-report-state';

/** The most event positions one map asks for (one request, a URL of reasonable length). */
const MAP_POSITIONS = 200;
const eventKey = (event: Event) => String(event.id);

function EventsResult({ rows }: { rows: Event[] }) {
  const { t } = useTranslation('reports');
  const { t: tAlerts } = useTranslation('alerts');
  const f = useReportFormat();
  const devices = useDevicesQuery();
  const names = useMemo(() => new Map((devices.data ?? []).map((d) => [d.id, d.name])), [devices.data]);
  const [selected, setSelected] = useState<string | null>(null);
  const columns = useMemo<ReportColumn<Event>[]>(
    () => [
      { id: 'time', label: t('col.time'), sortValue: (e) => e.eventTime, render: (e) => f.time(e.eventTime) },
      { id: 'device', label: t('col.device'), sortValue: (e) => names.get(e.deviceId) ?? `#${e.deviceId}` },
      { id: 'type', label: t('col.type'), sortValue: (e) => eventTypeLabel(tAlerts, e.type) },
      {
        id: 'alarm',
        label: t('col.alarm'),
        sortValue: (e) => (typeof e.attributes.alarm === 'string' ? e.attributes.alarm : null),
      },
    ],
    [t, tAlerts, f, names],
  );
  const positionIds = useMemo(
    () => [...new Set(rows.flatMap((e) => (e.positionId ? [e.positionId] : [])))].slice(0, MAP_POSITIONS),
    [rows],
  );
  const positions = usePositionsQuery(positionIds);
  const markers = useMemo<ReportMarker[]>(() => {
    const byId = new Map((positions.data ?? []).map((p) => [p.id, p]));
    return rows.flatMap((event) => {
      const at = event.positionId ? byId.get(event.positionId) : undefined;
      if (!at) return [];
      const label = `${eventTypeLabel(tAlerts, event.type)} · ${f.time(event.eventTime)}`;
      return [{ key: eventKey(event), at: [at.latitude, at.longitude], label, selected: eventKey(event) === selected }];
    });
  }, [rows, positions.data, selected, tAlerts, f]);
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, xl: 8 }}>
        <ReportTable
          label={t('pages.events.title')}
          rows={rows}
          columns={columns}
          rowKey={eventKey}
          selected={selected}
          onSelect={(_, key) => setSelected(key)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xl: 4 }}>
        <ReportMap label={t('map')} markers={markers} onSelect={setSelected} />
      </Grid.Col>
    </Grid>
  );
}

function EventsQuery({ query }: { query: URLSearchParams }) {
  const report = useReportQuery('events', query, eventSchema);
  return <ReportResult query={report}>{(rows) => <EventsResult rows={rows} />}</ReportResult>;
}

/** /report/events: the events of the period, of some types or all, with their places on the map. */
export function EventsReport() {
  const { t } = useTranslation('reports');
  const { t: tAlerts } = useTranslation('alerts');
  const state = useReportState(REPORT_PAGES.events);
  const types = chosenEventTypes(state.params);
  return (
    <ReportView
      id="events"
      state={state}
      extraControls={
        <MultiSelect
          label={t('eventTypes')}
          placeholder={types.length ? undefined : t('allEventTypes')}
          data={EVENT_TYPES.map((type) => ({ value: type, label: eventTypeLabel(tAlerts, type) }))}
          value={types}
          onChange={(next) => state.setExtra('type', next)}
          searchable
          clearable
          maw={520}
        />
      }
    >
      {(query) => <EventsQuery query={query} />}
    </ReportView>
  );
}
