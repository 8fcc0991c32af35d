import { Switch } from '@mantine/core';
import type { ReportState } from '../use-report-state';

/** An on/off parameter of a report page, kept in the URL as `name=true` (absent when off). */
export function ReportSwitch({
  state,
  name,
  label,
  description,
}: {
  state: ReportState;
  name: string;
  label: string;
  description?: string;
}) {
  return (
    <Switch
      label={label}
      description={description}
      checked={state.params.get(name) === 'true'}
      onChange={(event) => state.setExtra(name, event.currentTarget.checked ? ['true'] : [])}
    />
  );
}
