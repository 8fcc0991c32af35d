import { dataSchema } from '@waymark/contracts/common';
import { retentionSchema, tenantRetentionSchema } from '@waymark/contracts/retention';
import { http } from '../../../api/http';

// How long positions and events are kept: the server's limit (set in the server settings) and each tenant's own,
// which a platform admin sets here. Both routes need ADMIN_ACCOUNT.

export const fetchRetention = async () =>
  (await http('/api/v2/retention', { schema: dataSchema(retentionSchema) })).data;

/** null: the tenant keeps its history as long as the server does. */
export const saveTenantRetention = async ({
  tenantId,
  retentionDays,
}: {
  tenantId: number;
  retentionDays: number | null;
}) =>
  (
    await http(`/api/v2/tenants/${tenantId}/retention`, {
      method: 'PUT',
      body: { retentionDays },
      schema: dataSchema(tenantRetentionSchema),
    })
  ).data;
