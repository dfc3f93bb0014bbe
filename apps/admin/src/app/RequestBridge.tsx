import { useEffect } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { consolePath } from '../lib/paths.ts';
import { configureRequest } from '../lib/request.ts';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * Hands the request helper the router (paths inside /admin), antd's themed toasts and the query
 * cache, which forgets everything when the server ends the session.
 */
export function RequestBridge({ router }: { router: Router }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  useEffect(() => {
    configureRequest({
      navigate: (to) => void router.navigate(to),
      // The router's own location carries the /admin basename; the helper works inside it.
      currentPath: () => consolePath(router.state.location),
      toast: (text) => void message.error(text),
      onSessionCleared: () => queryClient.clear(),
    });
  }, [router, message, queryClient]);
  return null;
}
