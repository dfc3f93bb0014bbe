import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { SettingKey, SiteSettings } from '../types.ts';
import { settingsKeys } from './settingsKeys.ts';

export interface SettingChange<K extends SettingKey = SettingKey> {
  key: K;
  value: SiteSettings[K];
}

/** One key, checked on the server by the schema it reads with; silent: the form shows the message. */
export function saveSetting(change: SettingChange) {
  return request.post<SettingChange>('/ops/settings/save', change, { silent: true });
}

/** Saves the given keys one after another, stopping at the first refusal (which names the key). */
export async function saveSettings(changes: SettingChange[]) {
  for (const change of changes) {
    try {
      await saveSetting(change);
    } catch (err) {
      throw Object.assign(err instanceof Error ? err : new Error(String(err)), { settingKey: change.key });
    }
  }
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
