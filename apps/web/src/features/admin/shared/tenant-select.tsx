import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { dataSchema, pageSchema } from '@waymark/contracts/common';
import { tenantSchema } from '@waymark/contracts/tenant';
import { useState } from 'react';
import { http } from '../../../api/http';
import { queryString } from './use-page-query';

const tenantPage = dataSchema(pageSchema(tenantSchema));

/** Tenants whose name matches `search` (the first 20 by name), sub-tenants included, within the caller's scope. */
const searchTenants = async (search: string) =>
  (
    await http(`/api/v2/tenant${queryString({ page: 0, limit: 20, sortBy: 'name', search: search || undefined })}`, {
      schema: tenantPage,
    })
  ).data.content;

export interface TenantSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue'> {
  /** The chosen tenant's id as text, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
}

/** A tenant picker searching the caller's tenants by name as one types (value: the tenant's id). */
export function TenantSelect({ value, onChange, ...props }: TenantSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const tenants = useQuery({
    queryKey: ['admin', 'tenant-select', debounced],
    queryFn: () => searchTenants(debounced),
  });
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const options = (tenants.data ?? []).map((tenant) => ({ value: String(tenant.id), label: tenant.name }));
  // the chosen tenant stays an option when a later search no longer lists it
  if (chosen && chosen.value === value && !options.some((o) => o.value === chosen.value)) options.unshift(chosen);
  return (
    <Select
      searchable
      clearable
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={tenants.isPending ? '…' : undefined}
      {...props}
      data={options}
      value={value}
      onChange={(next, option) => {
        setChosen(next && option ? { value: next, label: option.label } : null);
        onChange(next);
      }}
    />
  );
}
