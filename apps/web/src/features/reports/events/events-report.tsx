import { MultiSelect } from '@mantine/core';
import { EVENT_TYPES, type Event, eventSchema } from '@waymark/contracts/event';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { eventTypeLabel } from '../../alerts/event-label';
import { useDeviceNames } from '../../devices/devices.queries';
import { eventColumns, eventKey } from '../components/report-columns';
import type { LatLng } from '../components/report-map';
import { SelectableReport } from '../components/report-split';
import { ReportQueryResult, ReportView } from '../components/report-view';
import { chosenEventTypes } from '../report-extra';
import { REPORT_PAGES } from '../report-pages';
import { usePositionsQuery } from '../reports.queries';
import { useReportFormat } from '../use-report-format';
import { useReportState } from '../use-report-state';

/** The most event positions one map asks for (one request, a URL of reasonable length). */
const MAP_POSITIONS = 200;

function EventsResult({ rows }: { rows: Event[] }) {
  const { t } = useTranslation('reports');
  const { t: tAlerts } = useTranslation('alerts');
  const f = useReportFormat();
  const { nameOf } = useDeviceNames();
  const columns = useMemo(() => eventColumns(t, tAlerts, f, nameOf), [t, tAlerts, f, nameOf]);
  const positionIds = useMemo(
    () => [...new Set(rows.flatMap((e) => (e.positionId ? [e.positionId] : [])))].slice(0, MAP_POSITIONS),
    [rows],
  );
  const positions = usePositionsQuery(positionIds);
  const markers = useMemo(() => {
    const byId = new Map((positions.data ?? []).map((p) => [p.id, p]));
    return rows.flatMap((event) => {
      const at = event.positionId ? byId.get(event.positionId) : undefined;
      if (!at) return [];
      const label = `${eventTypeLabel(tAlerts, event.type)} · ${f.time(event.eventTime)}`;
      return [{ key: eventKey(event), at: [at.latitude, at.longitude] as LatLng, label }];
    });
  }, [rows, positions.data, tAlerts, f]);
  return (
    <SelectableReport
      label={t('pages.events.title')}
      rows={rows}
      columns={columns}
      rowKey={eventKey}
      markers={markers}
    />
  );
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
      {(query) => (
        <ReportQueryResult type="events" query={query} schema={eventSchema}>
          {(rows) => <EventsResult rows={rows} />}
        </ReportQueryResult>
      )}
    </ReportView>
  );
}
