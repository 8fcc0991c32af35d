import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  fetchAllManufacturers,
  fetchAllVendors,
  fetchDashboard,
  fetchDevices,
  fetchManufacturerPage,
  fetchModelPage,
  fetchProtocols,
  fetchSim,
  fetchSimHistory,
  fetchSimPage,
  fetchSimStats,
  fetchVendorPage,
} from './catalogue.api';

type Params = Record<string, string | number>;

/** Query keys of the admin catalogue pages; every key starts with `catalogueKeys.all`. */
export const catalogueKeys = {
  all: ['admin', 'catalogue'] as const,
  models: () => [...catalogueKeys.all, 'models'] as const,
  modelPage: (params: Params) => [...catalogueKeys.models(), 'page', params] as const,
  protocols: () => [...catalogueKeys.all, 'protocols'] as const,
  manufacturers: () => [...catalogueKeys.all, 'manufacturers'] as const,
  manufacturerPage: (params: Params) => [...catalogueKeys.manufacturers(), 'page', params] as const,
  allManufacturers: () => [...catalogueKeys.manufacturers(), 'all'] as const,
  vendors: () => [...catalogueKeys.all, 'vendors'] as const,
  vendorPage: (params: Params) => [...catalogueKeys.vendors(), 'page', params] as const,
  allVendors: () => [...catalogueKeys.vendors(), 'all'] as const,
  sims: () => [...catalogueKeys.all, 'sims'] as const,
  simPage: (params: Params) => [...catalogueKeys.sims(), 'page', params] as const,
  simStats: () => [...catalogueKeys.sims(), 'stats'] as const,
  sim: (id: number) => [...catalogueKeys.sims(), 'detail', id] as const,
  simHistory: (id: number) => [...catalogueKeys.sims(), 'history', id] as const,
  devices: () => [...catalogueKeys.all, 'devices'] as const,
  dashboard: () => [...catalogueKeys.all, 'dashboard'] as const,
};

export const useModelPageQuery = (params: Params) =>
  useQuery({
    queryKey: catalogueKeys.modelPage(params),
    queryFn: () => fetchModelPage(params),
    placeholderData: keepPreviousData,
  });
export const useProtocolsQuery = () =>
  useQuery({ queryKey: catalogueKeys.protocols(), queryFn: fetchProtocols, staleTime: Number.POSITIVE_INFINITY });
export const useManufacturerPageQuery = (params: Params) =>
  useQuery({
    queryKey: catalogueKeys.manufacturerPage(params),
    queryFn: () => fetchManufacturerPage(params),
    placeholderData: keepPreviousData,
  });
export const useAllManufacturersQuery = () =>
  useQuery({ queryKey: catalogueKeys.allManufacturers(), queryFn: fetchAllManufacturers });
export const useVendorPageQuery = (params: Params) =>
  useQuery({
    queryKey: catalogueKeys.vendorPage(params),
    queryFn: () => fetchVendorPage(params),
    placeholderData: keepPreviousData,
  });
export const useAllVendorsQuery = () => useQuery({ queryKey: catalogueKeys.allVendors(), queryFn: fetchAllVendors });
export const useSimPageQuery = (params: Params) =>
  useQuery({
    queryKey: catalogueKeys.simPage(params),
    queryFn: () => fetchSimPage(params),
    placeholderData: keepPreviousData,
  });
export const useSimStatsQuery = () => useQuery({ queryKey: catalogueKeys.simStats(), queryFn: fetchSimStats });
export const useSimQuery = (id: number) => useQuery({ queryKey: catalogueKeys.sim(id), queryFn: () => fetchSim(id) });
export const useSimHistoryQuery = (id: number) =>
  useQuery({ queryKey: catalogueKeys.simHistory(id), queryFn: () => fetchSimHistory(id) });
export const useDevicesQuery = (enabled: boolean) =>
  useQuery({ queryKey: catalogueKeys.devices(), queryFn: fetchDevices, enabled });
export const useDashboardQuery = () => useQuery({ queryKey: catalogueKeys.dashboard(), queryFn: fetchDashboard });
