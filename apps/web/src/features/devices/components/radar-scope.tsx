import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RadarEntry } from '../radar-geometry';
import { STATUS_COLOR } from './device-status-badge';

const SIZE = 320;
const C = SIZE / 2;
const R = C - 16;

/** A polar view: the centre device in the middle, others by bearing (north up) and distance within `range`. */
export function RadarScope({
  entries,
  range,
  centreName,
}: {
  entries: readonly RadarEntry[];
  range: number;
  centreName: string;
}) {
  const { t } = useTranslation('devices');
  const shown = entries.filter((e) => e.distance <= range);
  return (
    <Box maw={SIZE} mx="auto" w="100%">
      <svg
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        role="img"
        aria-label={t('radar.scopeLabel', { name: centreName, count: shown.length })}
        width="100%"
      >
        <circle cx={C} cy={C} r={R} fill="var(--mantine-color-default)" stroke="var(--mantine-color-default-border)" />
        {[0.25, 0.5, 0.75].map((f) => (
          <circle
            key={f}
            cx={C}
            cy={C}
            r={R * f}
            fill="none"
            stroke="var(--mantine-color-default-border)"
            strokeDasharray="4 4"
          />
        ))}
        <line x1={C} y1={C - R} x2={C} y2={C + R} stroke="var(--mantine-color-default-border)" />
        <line x1={C - R} y1={C} x2={C + R} y2={C} stroke="var(--mantine-color-default-border)" />
        <text x={C} y={12} textAnchor="middle" fontSize={11} fill="currentColor">
          N
        </text>
        <circle cx={C} cy={C} r={6} fill="var(--mantine-color-blue-6)" />
        {shown.map(({ device, distance, bearing }) => {
          const r = (distance / range) * R;
          const a = (bearing * Math.PI) / 180;
          return (
            <g key={device.id}>
              <title>{device.name}</title>
              <circle
                cx={C + r * Math.sin(a)}
                cy={C - r * Math.cos(a)}
                r={5}
                fill={`var(--mantine-color-${STATUS_COLOR[device.status]}-6)`}
              />
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
