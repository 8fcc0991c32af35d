import { ActionIcon, Paper, Tooltip } from '@mantine/core';
import { IconMapPin, IconMapPinOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PoiMarkers } from '../../../components/poi-markers';
import { useHasPermission } from '../../permissions/use-has-permission';
import { usePoisQuery } from '../../pois/pois.queries';

const STORAGE_KEY = 'waymark.map.pois';

/** Whether the live map shows the POI layer (VIEW_POIS only), remembered in this browser; on by default. */
export function usePoiLayer() {
  const allowed = useHasPermission(['VIEW_POIS']);
  const [shown, setShown] = useState(() => localStorage.getItem(STORAGE_KEY) !== 'off');
  const pois = usePoisQuery(allowed && shown);
  const toggle = () => {
    localStorage.setItem(STORAGE_KEY, shown ? 'off' : 'on');
    setShown(!shown);
  };
  return { allowed, shown, toggle, pois: allowed && shown ? (pois.data ?? []) : [] };
}

/** The POI markers of the live map (inside its MapContainer). */
export const PoiLayer = PoiMarkers;

/** The button that shows or hides the POI layer. */
export function PoiLayerToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const { t } = useTranslation('pois');
  return (
    <Paper p={4} withBorder shadow="sm">
      <Tooltip label={t('layer')}>
        <ActionIcon
          variant={shown ? 'filled' : 'default'}
          aria-label={t('layer')}
          aria-pressed={shown}
          onClick={onToggle}
          data-testid="poi-layer-toggle"
        >
          {shown ? <IconMapPin size={18} /> : <IconMapPinOff size={18} />}
        </ActionIcon>
      </Tooltip>
    </Paper>
  );
}
