import { Button, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { Position } from '@waymark/contracts/device';
import { useTranslation } from 'react-i18next';
import { useServerQuery } from '../../auth/auth.queries';
import { fetchAddress } from '../geocode.api';

/**
 * A position's address: the stored one, else (when the server geocodes) a "Show address" button that asks the
 * server for it. Asked only on a click, never for each live update: providers limit and ban busy callers.
 * Rendered with the position's id as its key, so that a new position shows the button again.
 */
export function AddressValue({ position }: { position: Position | undefined }) {
  const { t } = useTranslation('map');
  const geocoder = useServerQuery().data?.geocoderEnabled ?? false;
  const lookup = useMutation({
    mutationFn: (p: Position) => fetchAddress(p.latitude, p.longitude),
  });
  if (position?.address) return position.address;
  if (!position || !geocoder) return t('card.none');
  if (lookup.isSuccess) return lookup.data ?? t('card.noAddress');
  return (
    <>
      <Button size="compact-xs" variant="subtle" loading={lookup.isPending} onClick={() => lookup.mutate(position)}>
        {t('card.showAddress')}
      </Button>
      {lookup.isError && (
        <Text size="xs" c="red" role="alert">
          {t('card.addressFailed', { message: lookup.error.message })}
        </Text>
      )}
    </>
  );
}
