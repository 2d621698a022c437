import { useQuery } from "@tanstack/react-query";
import { getDeviceInfo } from "../../lib/device/device-info";
import { queryKeys } from "../../lib/query-keys";

/** This device's info and capabilities (spec §3), read once per visit. */
export function useDeviceInfo() {
  return useQuery({ queryKey: queryKeys.mobileDemo.deviceInfo, queryFn: getDeviceInfo, retry: false, staleTime: 0, gcTime: 0 });
}
