/**
 * The routes of classroom.md §2: each screen a lazily loaded module, so a first visit downloads
 * only the landing page. Unknown paths go to `/`.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './RootLayout';

const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', ...page(() => import('../features/landing/LandingPage')) },
      { path: '/index', ...page(() => import('../features/landing/LandingPage')) },
      // the pen station (issue 16): pupils sign in with their own labels, not the teacher's session
      { path: '/pen', ...page(() => import('../features/station/StationPage')) },
      {
        ...page(() => import('./ServicesLayout')),
        children: [
          { path: '/login', ...page(() => import('../features/login/LoginPage')) },
          { path: '/callback.html', ...page(() => import('../features/login/CallbackPage')) },
          { path: '/callback', ...page(() => import('../features/login/CallbackPage')) },
          { path: '/main', ...page(() => import('../features/gate/GatePage')) },
          // the class display of a live lesson (issue 16): one pupil's page, full screen, name hidden
          { path: '/live/display', ...page(() => import('../features/live/DisplayPage')) },
          {
            path: '/main',
            ...page(() => import('./shell/Shell')),
            children: [
              { path: 'curriculum', ...page(() => import('../features/curriculum/CurriculumPage')) },
              { path: 'school', ...page(() => import('../features/school/SchoolPage')) },
              { path: 'notApproval', ...page(() => import('../features/gate/NotApprovalPage')) },
              { path: 'student', ...page(() => import('../features/students/TeacherStudentsPage')) },
              { path: 'admin/teachers', ...page(() => import('../features/teachers/TeachersPage')) },
              { path: 'admin/eduClass', ...page(() => import('../features/classes/ClassesPage')) },
              { path: 'textbook', ...page(() => import('../features/materials/TextbookPage')) },
              { path: 'course', ...page(() => import('./routes/CourseRoute')) },
              {
                path: 'courseStudyCheck',
                ...page(() => import('../features/studyCheck/CourseStudyCheckPage')),
              },
              { path: 'replay', ...page(() => import('../features/replay/ReplayPage')) },
              { path: 'live', ...page(() => import('./routes/LiveRoute')) },
              { path: 'math/all', ...page(() => import('../features/analytics/class/AllPage')) },
              {
                path: 'math/categories',
                ...page(() => import('../features/analytics/class/CategoriesPage')),
              },
              { path: 'math/view', ...page(() => import('../features/analytics/class/ViewPage')) },
              { path: 'math/student', ...page(() => import('../features/analytics/pupil/StudentPage')) },
              {
                path: 'math/student_categories',
                ...page(() => import('../features/analytics/pupil/StudentCategoriesPage')),
              },
              {
                path: 'mathStudyCheck',
                ...page(() => import('../features/analytics/pupil/MathStudyCheckPage')),
              },
              { path: 'admin/students', ...page(() => import('../features/students/AdminStudentsPage')) },
              { path: '*', element: <Navigate to="/" replace /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
