import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { PetProfile, PetProfileInput, PetSpecies } from '@waymark/contracts/pet';
import { PET_SPECIES, petProfileInputSchema } from '@waymark/contracts/pet';
import { useTranslation } from 'react-i18next';
import { orNull, zodValidate } from '../../../lib/forms';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSavePetProfileMutation } from '../pets.queries';

interface Values {
  species: PetSpecies;
  breed: string;
  weightKg: number | string;
  birthDate: string;
  activeMinutesGoal: number | string;
  stepsGoal: number | string;
}

const toInput = (v: Values): PetProfileInput => ({
  species: v.species,
  breed: orNull(v.breed),
  weightKg: v.weightKg === '' ? null : Number(v.weightKg),
  birthDate: v.birthDate === '' ? null : v.birthDate,
  activeMinutesGoal: Number(v.activeMinutesGoal),
  stepsGoal: Number(v.stepsGoal),
});

/** The pet's profile: species, breed, weight, birth date and its daily goals. */
export function PetProfileModal({
  opened,
  onClose,
  profile,
}: {
  opened: boolean;
  onClose: () => void;
  profile: PetProfile;
}) {
  const { t } = useTranslation('pets');
  const save = useSavePetProfileMutation();
  const form = useForm<Values>({
    initialValues: {
      species: profile.species,
      breed: profile.breed ?? '',
      weightKg: profile.weightKg ?? '',
      birthDate: profile.birthDate ?? '',
      activeMinutesGoal: profile.activeMinutesGoal,
      stepsGoal: profile.stepsGoal,
    },
    validate: zodValidate(petProfileInputSchema, toInput),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: profile.deviceId, input: toInput(values) },
      {
        onSuccess: () => {
          notifySuccess(t('profile.saved'));
          onClose();
        },
        onError: (error) => notifyError(error, t('profile.saveFailed')),
      },
    ),
  );
  return (
    <Modal opened={opened} onClose={onClose} title={`${t('profile.title')}: ${profile.name}`}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Select
            label={t('profile.species')}
            data={PET_SPECIES.map((s) => ({ value: s, label: t(`profile.speciesNames.${s}`) }))}
            allowDeselect={false}
            {...form.getInputProps('species')}
          />
          <TextInput label={t('profile.breed')} maxLength={80} {...form.getInputProps('breed')} />
          <NumberInput
            label={t('profile.weight')}
            min={0.1}
            max={200}
            decimalScale={1}
            {...form.getInputProps('weightKg')}
          />
          <TextInput type="date" label={t('profile.birthDate')} {...form.getInputProps('birthDate')} />
          <NumberInput
            label={t('profile.activeGoal')}
            min={1}
            max={1440}
            allowDecimal={false}
            {...form.getInputProps('activeMinutesGoal')}
          />
          <NumberInput
            label={t('profile.stepsGoal')}
            min={0}
            max={200000}
            step={500}
            allowDecimal={false}
            {...form.getInputProps('stepsGoal')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
