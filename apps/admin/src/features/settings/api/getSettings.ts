import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { SettingView, SettingViews } from '../types.ts';
import { settingsKeys } from './settingsKeys.ts';

export async function getSettings(signal?: AbortSignal): Promise<SettingViews> {
  const data = await request.get<{ settings: SettingView[] }>('/ops/settings', undefined, { signal, silent: true });
  return Object.fromEntries(data.settings.map((s) => [s.key, s])) as SettingViews;
}

export function useSettings() {
  return useQuery({ queryKey: settingsKeys.all, queryFn: ({ signal }) => getSettings(signal) });
}
