import { Button, Group, Paper, Select, Stack, Stepper, Text, TextInput, Title } from '@mantine/core';
import type { Device } from '@waymark/contracts/device';
import type { Onboarding } from '@waymark/contracts/onboarding';
import { identifierProblem } from '@waymark/protocols/setup';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { notifyError } from '../../../lib/notify';
import { useCreateDeviceMutation } from '../devices.queries';
import { type Choice, pickerGroups, resolveChoice, suggestedAppIdentifier, trackerHostOf } from '../onboarding-choices';
import { FirstPosition } from './onboarding-first-position';
import { SetupInstructions } from './onboarding-instructions';

/** The device as it was added, with the choice its instructions follow. */
interface Added {
  device: Device;
  choice: Choice;
}

/**
 * The first-run path: pick the make (or a catalogue model), give the device a name and its identifier (checked as
 * its protocol expects), add it through the devices API, then read the settings to give the tracker and watch its
 * first position arrive.
 */
export function OnboardingWizard({ settings }: { settings: Onboarding }) {
  const { t } = useTranslation('devices');
  const create = useCreateDeviceMutation();
  const [picked, setPicked] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [uniqueId, setUniqueId] = useState('');
  const [suggested, setSuggested] = useState<string | null>(null);
  const [phone, setPhone] = useState('');
  const [touched, setTouched] = useState(false);
  const [added, setAdded] = useState<Added | null>(null);

  const groups = useMemo(
    () => pickerGroups(settings, { makes: t('onboarding.makes'), catalogue: t('onboarding.catalogue') }),
    [settings, t],
  );
  const choice = resolveChoice(settings, picked);
  const problem = choice ? identifierProblem(choice.setup, uniqueId) : null;
  const nameMissing = name.trim() === '';
  const host = trackerHostOf(settings, window.location);

  const pick = (value: string | null) => {
    setPicked(value);
    const next = resolveChoice(settings, value);
    // a phone app takes whatever identifier it is given (the QR code carries it): one is suggested, and taken
    // back when another make is picked, whose identifier is the device's own
    if (next?.setup.app && uniqueId === '') {
      const id = suggestedAppIdentifier();
      setSuggested(id);
      setUniqueId(id);
    } else if (!next?.setup.app && suggested !== null && uniqueId === suggested) {
      setSuggested(null);
      setUniqueId('');
    }
    if (next && name === '')
      setName(next.setup.app ? t('onboarding.phoneName') : (next.model ?? next.setup.models[0] ?? ''));
  };

  const submit = () => {
    setTouched(true);
    if (!choice || problem || nameMissing) return;
    create.mutate(
      {
        name: name.trim(),
        uniqueId: uniqueId.trim(),
        ...(choice.model ? { model: choice.model } : {}),
        ...(phone.trim() ? { phone: phone.trim() } : {}),
        ...(choice.setup.app ? { category: 'person' as const } : {}),
      },
      {
        onSuccess: (device) => setAdded({ device, choice }),
        onError: (error) => notifyError(error, t('onboarding.addFailed')),
      },
    );
  };

  return (
    <Stack gap="lg" maw={820}>
      <div>
        <Title order={2}>{t('onboarding.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('onboarding.subtitle')}
        </Text>
      </div>
      <Stepper active={added ? 1 : 0} size="sm">
        <Stepper.Step label={t('onboarding.stepDevice')} />
        <Stepper.Step label={t('onboarding.stepConnect')} />
      </Stepper>
      {added ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap="lg">
            <SetupInstructions choice={added.choice} host={host} uniqueId={added.device.uniqueId} />
            <FirstPosition deviceId={added.device.id} name={added.device.name} />
            <Group>
              <Button component={Link} to="/home" variant="light">
                {t('onboarding.toMap')}
              </Button>
              <Button component={Link} to="/devices" variant="subtle">
                {t('onboarding.toDevices')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Select
              label={t('onboarding.make')}
              placeholder={t('onboarding.makePlaceholder')}
              data={groups}
              value={picked}
              onChange={pick}
              searchable
              nothingFoundMessage={t('common.noMatch')}
              error={touched && !choice ? t('onboarding.makeRequired') : undefined}
              required
            />
            <TextInput
              label={t('onboarding.name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={touched && nameMissing ? t('onboarding.nameRequired') : undefined}
              required
            />
            <TextInput
              label={t('onboarding.identifier')}
              description={choice ? t(`onboarding.identifierHint.${choice.setup.identifier}`) : undefined}
              value={uniqueId}
              onChange={(e) => setUniqueId(e.currentTarget.value)}
              onBlur={() => uniqueId !== '' && setTouched(true)}
              error={touched && problem ? t(`onboarding.identifierProblem.${problem}`) : undefined}
              required
            />
            {choice?.setup.sms && (
              <TextInput
                label={t('onboarding.phone')}
                description={t('onboarding.phoneHint')}
                value={phone}
                onChange={(e) => setPhone(e.currentTarget.value)}
              />
            )}
            <Group>
              <Button onClick={submit} loading={create.isPending}>
                {t('onboarding.add')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
