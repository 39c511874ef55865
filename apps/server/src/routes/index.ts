/**
 * The route modules the server registers, in order. To add an API: write
 * `src/<area>/<what>Routes.ts` exporting an `AppPlugin`, and add it to this list.
 */

import { boardRoutes } from '../boards/boardRoutes';
import { codeRoutes } from '../codes/codeRoutes';
import { codeStartPlugin } from '../codes/codeStart';
import { eduRoutes } from '../edu/routes';
import { loginRoutes } from '../identity/login/routes';
import { profileRoutes } from '../identity/profileRoutes';
import { inkSearchRoutes } from '../inkstore/searchRoutes';
import { inkUploadRoutes } from '../inkstore/uploadRoutes';
import type { AppPlugin } from '../platform/types';
import { realtimeRoutes } from '../realtime/realtimeRoutes';
import { vendorRoutes } from '../vendor/vendorRoutes';
import { webAppRoutes } from '../webApps/webAppRoutes';
import { platformRoutes } from './platformRoutes';

export const routeModules: readonly AppPlugin[] = [
  platformRoutes,
  loginRoutes,
  profileRoutes,
  inkUploadRoutes,
  inkSearchRoutes,
  eduRoutes,
  codeRoutes,
  vendorRoutes,
  realtimeRoutes,
  webAppRoutes,
  boardRoutes,
  codeStartPlugin,
];
