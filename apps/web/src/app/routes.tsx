import { lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { PageLoading } from '../components/PageLoading.tsx';
import { RouteError } from './RouteError.tsx';
import { RequireAuth } from './guards/RequireAuth.tsx';
import { RegisterGate } from './guards/RegisterGate.tsx';
import { RootLayout } from './layouts/RootLayout.tsx';
import { MainLayout } from './layouts/MainLayout.tsx';
import { AuthLayout } from './layouts/AuthLayout.tsx';
import { screens, shopRoutes, userRoutes, type AppRoute } from './routeTable.tsx';
import type { LazyScreen } from './lazyScreen.tsx';
import { useIsPhone } from '../lib/useIsPhone.ts';

export interface RouteHandle {
  title?: string;
  hidden?: boolean;
  /** The route's own screen, preloaded when the app opens at its address. */
  screen?: LazyScreen;
}

/** Turns the route table into react-router routes: lazy screens in Suspense, the wrapper where asked. */
function toRouteObject(route: AppRoute): RouteObject {
  let element = route.element;
  if (route.screen) {
    const Screen = route.screen;
    element = (
      <Suspense fallback={<PageLoading />}>
        <Screen />
      </Suspense>
    );
  }
  if (route.auth) element = <RequireAuth>{element ?? <Outlet />}</RequireAuth>;
  const handle: RouteHandle = { title: route.title, hidden: route.hidden, screen: route.screen };
  if (route.index) return { index: true, element, handle, errorElement: <RouteError /> };
  const children = route.children?.map(toRouteObject);
  // A group without its own screen opens its first visible child.
  const first = route.indexRedirect ?? route.children?.find((c) => !c.hidden && !c.index && c.path)?.path;
  if (children && first && !route.children?.some((c) => c.index)) {
    children.unshift({ index: true, element: <Navigate to={first} replace /> });
  }
  return { path: route.path, element, handle, children, errorElement: route.screen ? <RouteError /> : undefined };
}

const MemberHome = lazy(() => import('./layouts/MemberHome.tsx'));
// The member area's layout (its antd Menu) loads with the member area, not on the shop's first screen.
const UserLayout = lazy(() => import('./layouts/UserLayout.tsx').then((m) => ({ default: m.UserLayout })));

/** /user: 我的 on a phone (the member area as a list of entries); on a PC, 个人资料 beside the menu. */
function UserIndex() {
  if (!useIsPhone()) return <Navigate to="member/profile" replace />;
  return (
    <Suspense fallback={<PageLoading />}>
      <MemberHome />
    </Suspense>
  );
}

const userRoute: AppRoute = {
  path: 'user',
  title: '会员中心',
  auth: true,
  element: (
    <Suspense fallback={<PageLoading />}>
      <UserLayout />
    </Suspense>
  ),
  children: [{ index: true, title: '我的', element: <UserIndex /> }, ...userRoutes],
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          {
            path: 'login',
            handle: { title: '登录', screen: screens.Login } satisfies RouteHandle,
            errorElement: <RouteError />,
            element: (
              <Suspense fallback={<PageLoading />}>
                <screens.Login />
              </Suspense>
            ),
          },
          {
            path: 'register',
            handle: { title: '完善注册信息', screen: screens.Register } satisfies RouteHandle,
            errorElement: <RouteError />,
            element: (
              <RegisterGate>
                <Suspense fallback={<PageLoading />}>
                  <screens.Register />
                </Suspense>
              </RegisterGate>
            ),
          },
        ],
      },
      {
        path: '/',
        element: <MainLayout />,
        children: [...shopRoutes.slice(0, -1), userRoute, shopRoutes.at(-1)!].map(toRouteObject),
      },
    ],
  },
];
