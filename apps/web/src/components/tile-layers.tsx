import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TileLayer } from 'react-leaflet';

export type TileLayerId = 'osm' | 'osmHumanitarian' | 'openTopoMap' | 'custom';

interface TileSource {
  url: string;
  attribution: string;
  maxZoom: number;
}

const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export const TILE_SOURCES: Record<Exclude<TileLayerId, 'custom'>, TileSource> = {
  osm: { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: OSM_ATTRIBUTION, maxZoom: 19 },
  osmHumanitarian: {
    url: 'https://{s}.tile.openstreetmap.fr/hot/{z}/{x}/{y}.png',
    attribution: `${OSM_ATTRIBUTION}, Humanitarian OpenStreetMap Team`,
    maxZoom: 19,
  },
  openTopoMap: {
    url: 'https://{s}.tile.opentopomap.org/{z}/{x}/{y}.png',
    attribution: `${OSM_ATTRIBUTION}, SRTM | &copy; <a href="https://opentopomap.org">OpenTopoMap</a>`,
    maxZoom: 17,
  },
};

/** The chosen base layer (the server's `mapUrl` as the custom one). */
export function BaseTileLayer({ layer, customUrl }: { layer: TileLayerId; customUrl: string | null }) {
  if (layer === 'custom' && customUrl) return <TileLayer key={customUrl} url={customUrl} maxZoom={19} />;
  const source = TILE_SOURCES[layer === 'custom' ? 'osm' : layer];
  return <TileLayer key={layer} url={source.url} attribution={source.attribution} maxZoom={source.maxZoom} />;
}

/** Picks the base layer; the custom entry appears only when the server has a `mapUrl`. */
export function TileLayerSwitcher({
  value,
  onChange,
  customUrl,
}: {
  value: TileLayerId;
  onChange: (layer: TileLayerId) => void;
  customUrl: string | null;
}) {
  const { t } = useTranslation('map');
  const ids: TileLayerId[] = ['osm', 'osmHumanitarian', 'openTopoMap', ...(customUrl ? ['custom' as const] : [])];
  return (
    <Select
      size="xs"
      w={190}
      label={t('layers.label')}
      data={ids.map((id) => ({ value: id, label: t(`layers.${id}`) }))}
      value={value}
      onChange={(next) => next && onChange(next as TileLayerId)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
