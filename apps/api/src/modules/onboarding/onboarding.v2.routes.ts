import { dataSchema } from '@waymark/contracts/common';
import { onboardingSchema } from '@waymark/contracts/onboarding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { data } from '../shared/v2';
import { onboarding } from './onboarding.service';

/** /api/v2/onboarding: the first-run path's settings, for those who may add a device (POST /api/devices' flags). */
export const onboardingV2Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/onboarding',
    {
      config: { permissions: ['ADMIN_ACCOUNT', 'VIEW_DEVICE_DETAILS'] },
      schema: { response: { 200: dataSchema(onboardingSchema) } },
    },
    async (req) => data(await onboarding(ctx, caller(req))),
  );
};
