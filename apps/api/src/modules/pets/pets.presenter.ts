import type { PetProfile, PetSpecies } from '@waymark/contracts/pet';
import { PET_DEFAULT_GOALS, PET_SPECIES } from '@waymark/contracts/pet';
import type { PetProfile as PetProfileRow } from '@waymark/db/client';

/** A device's category as a species, for a profile nobody saved yet. */
const speciesOf = (category: string | null): PetSpecies => {
  const c = (category ?? '').toLowerCase();
  return (PET_SPECIES as readonly string[]).includes(c) ? (c as PetSpecies) : 'other';
};

/** The profile of a device: its saved row, or defaults (configured: false) until someone saves one. */
export function presentPetProfile(
  device: { id: number; name: string; category: string | null },
  row: PetProfileRow | null,
): PetProfile {
  if (!row) {
    return {
      deviceId: device.id,
      name: device.name,
      species: speciesOf(device.category),
      breed: null,
      weightKg: null,
      birthDate: null,
      ...PET_DEFAULT_GOALS,
      configured: false,
      updatedAt: null,
    };
  }
  return {
    deviceId: device.id,
    name: device.name,
    species: (PET_SPECIES as readonly string[]).includes(row.species) ? (row.species as PetSpecies) : 'other',
    breed: row.breed,
    weightKg: row.weightKg,
    birthDate: row.birthDate ? row.birthDate.toISOString().slice(0, 10) : null,
    activeMinutesGoal: row.activeMinutesGoal,
    stepsGoal: row.stepsGoal,
    configured: true,
    updatedAt: row.updatedAt.toISOString(),
  };
}
