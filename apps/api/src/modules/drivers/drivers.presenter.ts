import type { DriverDto } from '@waymark/contracts/driver';
import type { Driver } from '@waymark/db/client';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function presentDriver(row: Driver): DriverDto {
  return {
    id: row.id,
    uniqueId: row.uniqueId,
    name: row.name,
    cardNo: row.cardNo,
    cardIssuingPlace: row.cardIssuingPlace,
    cardIssueDate: iso(row.cardIssueDate),
    cardExpirationDate: iso(row.cardExpirationDate),
    gender: row.gender,
    birthday: iso(row.birthday),
    personalId: row.personalId,
    icNo: row.icNo,
    mobile: row.mobile,
    tenantId: row.tenantId,
    attributes: (row.attributes ?? {}) as Record<string, unknown>,
  };
}
