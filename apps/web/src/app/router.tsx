import { SCENES } from '@app/protocol/platform';
import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { HomeSkeleton } from '../components/skeleton';
import { SceneShell } from './scene-shell';

const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return (
    <Suspense fallback={<HomeSkeleton />}>
      <Page />
    </Suspense>
  );
};

const home = () => import('../features/home/home-page');
const list = () => import('../features/commodity/commodity-list-page');
const login = () => import('../features/user/login-page');
const my = () => import('../features/user/my-page');
const maintenance = () => import('../features/system/under-maintenance-page');
const notFound = () => import('../features/system/not-found-page');
const realName = () => import('../features/identity/real-name-page');
const realNameStatus = () => import('../features/identity/real-name-status-page');

/** The pages every scene has, under /{scene}/pages/... (platform-shell §2). */
function sceneRoutes(scene: string): RouteObject[] {
  const base = `/${scene}/pages`;
  return [
    { path: `${base}/index/index`, element: page(home) },
    { path: `${base}/commodityList/list`, element: page(list) },
    { path: `${base}/login/login`, element: page(login) },
    { path: `${base}/userCenter/index`, element: page(my) },
    { path: `${base}/my/index`, element: page(my) },
    { path: `${base}/underMaintenance/underMaintenance`, element: page(maintenance) },
    { path: `${base}/userCenter/cardIdRelevant/cardIdUpload/cardIdUpload`, element: page(realName) },
    { path: `${base}/userCenter/cardIdRelevant/cardIdUpload/cardIdStatus`, element: page(realNameStatus) },
  ];
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <SceneShell />,
      children: [...SCENES.flatMap(sceneRoutes), { path: '*', element: page(notFound) }],
    },
  ]);
}
