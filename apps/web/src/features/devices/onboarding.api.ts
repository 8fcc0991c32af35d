import { useQuery } from '@tanstack/react-query';
import { dataSchema } from '@waymark/contracts/common';
import { type Onboarding, onboardingSchema } from '@waymark/contracts/onboarding';
import { http } from '../../api/http';

/** GET /api/v2/onboarding: the tracker host, the configured listeners and the catalogue's models. */
async function fetchOnboarding(signal?: AbortSignal): Promise<Onboarding> {
  return (await http('/api/v2/onboarding', { schema: dataSchema(onboardingSchema), signal })).data;
}

export function useOnboardingQuery() {
  return useQuery({ queryKey: ['onboarding'], queryFn: ({ signal }) => fetchOnboarding(signal), staleTime: 300_000 });
}
