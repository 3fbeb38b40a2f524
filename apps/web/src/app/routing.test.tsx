import { renderHook, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  authRoutes,
  catalogueRoutes,
  choicesRoutes,
  HOME_BY_ROLE,
  ok,
  ROUTE_ROLES,
  ROUTES,
  timetableRoutes,
} from '@rollbook/contract';
import { errorReply, onCall, server } from '../testing/msw';
import { renderApp } from '../testing/render';
import { setupMswServer } from '../testing/setup-msw';
import { guardRedirect } from './guards';
import { loadNavTable, navItemsFor, useNavTable } from './role-navigation';
import { GUARDED_SCREENS } from './route-screens';

setupMswServer();

// Pages that are built load their data on arrival; an empty answer is enough for routing.
beforeEach(() => {
  server.use(
    onCall(catalogueRoutes.getStreams, () => ok([])),
    onCall(choicesRoutes.getStudentsSubjectChoices, () => errorReply(404, 'No electives')),
    onCall(timetableRoutes.getTimetableForTeacher, () => ({ ...ok([]), day: 'monday' }) as const),
    onCall(timetableRoutes.getClassroomsForTeacher, () => ok([])),
  );
});

describe('guardRedirect', () => {
  it('sends a visitor without a role to /login', () => {
    expect(guardRedirect(null, 'admin')).toBe('/login');
    expect(guardRedirect(null, undefined)).toBe('/login');
  });

  it('sends each role to its own home on a mismatch', () => {
    expect(guardRedirect('admin', 'teacher')).toBe('/subject/subject-select');
    expect(guardRedirect('teacher', 'student')).toBe('/teacher-dashboard');
    expect(guardRedirect('student', 'admin')).toBe('/student-dashboard');
  });

  it('lets the right role (or any role on an open page) through', () => {
    expect(guardRedirect('teacher', 'teacher')).toBeNull();
    expect(guardRedirect('student', undefined)).toBeNull();
  });
});

describe('route table', () => {
  it('has a screen for every role-guarded path of the contract', () => {
    expect(GUARDED_SCREENS.map((s) => s.key).sort()).toEqual(Object.keys(ROUTE_ROLES).sort());
  });
});

describe('role navigation', () => {
  it.each(['admin', 'teacher', 'student'] as const)(
    'offers a %s only pages that role may open, starting with its home',
    async (role) => {
      const items = navItemsFor(await loadNavTable(role));
      expect(items[0]?.to).toBe(HOME_BY_ROLE[role]);
      const keyOf = (path: string) => Object.entries(ROUTES).find(([, p]) => p === path)?.[0];
      for (const item of items) {
        expect(ROUTE_ROLES[keyOf(item.to) as keyof typeof ROUTE_ROLES]).toBe(role);
      }
    },
  );

  it('offers the year and set-up pages only to an institution admin', async () => {
    const admin = await loadNavTable('admin');
    const paths = (institutionAdmin?: boolean) => navItemsFor(admin, { institutionAdmin }).map((i) => i.to);
    for (const branchAdmin of [paths(), paths(false)]) {
      expect(branchAdmin).not.toContain(ROUTES.academicYear);
      expect(branchAdmin).not.toContain(ROUTES.institutionSetup);
      expect(branchAdmin).toContain(ROUTES.institutionSettings);
    }
    expect(paths(true)).toEqual(expect.arrayContaining([ROUTES.academicYear, ROUTES.institutionSetup]));
  });

  it('offers nothing without a role, and a role its table once fetched', async () => {
    expect(renderHook(() => useNavTable(null)).result.current).toEqual([]);
    const student = renderHook(() => useNavTable('student'));
    expect(student.result.current).toBeNull();
    const table = await loadNavTable('student');
    await waitFor(() => expect(student.result.current).toBe(table));
  });
});

describe('routing in the app', () => {
  it('sends a signed-out visitor of a protected page to /login', async () => {
    const { router } = renderApp(ROUTES.timetable);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('redirects admin from / to the subject selection page', async () => {
    const { router } = renderApp('/', { role: 'admin' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/subject/subject-select'));
    expect(await screen.findByRole('heading', { name: 'Subject Selection' })).toBeInTheDocument();
    expect(screen.getByLabelText('Stream')).toBeInTheDocument();
  });

  it('redirects a teacher from / to /teacher-dashboard and shows the lecture schedule', async () => {
    const { router } = renderApp('/', { role: 'teacher' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/teacher-dashboard'));
    expect(await screen.findByRole('heading', { name: 'Lecture Schedule' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Days of this week' })).toBeInTheDocument();
    expect(await screen.findByText('No lectures scheduled for today.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('redirects a student from / to /student-dashboard and asks for location first', async () => {
    const { router } = renderApp('/', { role: 'student' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/student-dashboard'));
    expect(await screen.findByRole('heading', { name: 'Attendance' })).toBeInTheDocument();
    // jsdom has no geolocation, so the gate says so instead of loading the timetable.
    expect(await screen.findByRole('heading', { name: 'Location Permission Required' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it.each([
    ['student', ROUTES.timetable, '/student-dashboard'],
    ['teacher', ROUTES.divisionCreation, '/teacher-dashboard'],
    ['admin', ROUTES.studentElectiveSubject, '/subject/subject-select'],
    ['student', ROUTES.teacherLoadAllocation, '/student-dashboard'],
  ] as const)('sends a %s opening %s to %s', async (role, path, home) => {
    const { router } = renderApp(path, { role });
    await waitFor(() => expect(router.state.location.pathname).toBe(home));
  });

  it('renders notification targets for the right role', async () => {
    renderApp(ROUTES.studentElectiveSubject, { role: 'student' });
    expect(await screen.findByRole('heading', { name: 'Elective Subjects' })).toBeInTheDocument();
  });

  it('shows the profile page to any signed-in role', async () => {
    renderApp(ROUTES.profile, { role: 'teacher' });
    expect(await screen.findByRole('heading', { name: 'Faculty Profile' })).toBeInTheDocument();
  });

  it('goes to /502 when the server does not answer the probe', async () => {
    server.use(onCall(authRoutes.checkServerAvailability, () => HttpResponse.error()));
    const { router } = renderApp(ROUTES.teacherDashboard, { role: 'teacher' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/502'));
    expect(await screen.findByRole('heading', { name: 'Server Unavailable' })).toBeInTheDocument();
  });

  it('keeps the session and shows /502 when the token check fails on the server side', async () => {
    server.use(
      onCall(authRoutes.checkTokenAuthenticity, () => errorReply(500, 'Something went wrong', 'internal')),
    );
    const { router } = renderApp(ROUTES.studentDashboard, { role: 'student' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/502'));
    expect(localStorage.getItem('accessToken')).not.toBeNull();
  });

  it('goes to /login and forgets the tokens when the token and its refresh are rejected', async () => {
    server.use(
      onCall(authRoutes.checkTokenAuthenticity, () =>
        errorReply(401, 'Token is invalid or expired', 'token_invalid'),
      ),
      onCall(authRoutes.refresh, () => errorReply(401, 'Token is invalid or expired', 'token_invalid')),
    );
    const { router, store } = renderApp(ROUTES.teacherDashboard, { role: 'teacher' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.getState().auth.isAuth).toBe(false);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(await screen.findByText('Token Expired')).toBeInTheDocument();
  });

  it('lets an admin move between their pages from the sidebar, marking the current one', async () => {
    const { router, user } = renderApp(ROUTES.subjectSelect, { role: 'admin' });
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Subject Selection' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(pages).queryByRole('link', { name: 'Lecture Schedule' })).toBeNull();
    await user.click(within(pages).getByRole('link', { name: 'Division Creation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.divisionCreation));
    expect(await screen.findByRole('heading', { name: 'Division Creation' })).toBeInTheDocument();
  });

  it("opens a student's pages from the bottom bar's Menu and closes it on the way", async () => {
    const { router, user } = renderApp(ROUTES.studentDashboard, { role: 'student' });
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    // A modal sheet makes the page inert as it opens and its own layer clickable in an effect right
    // after: on a busy machine the first click can land between the two (pointer-events: none).
    const electives = within(menu).getByRole('link', { name: 'Elective Subjects' });
    await waitFor(() => user.click(electives));
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.studentElectiveSubject));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  });

  it('shows the not-found page for unknown paths', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByText('Page Not Found')).toBeInTheDocument();
  });

  it('shows the avatar initials and logs out from the bottom bar, clearing all storage', async () => {
    const { router, user, store } = renderApp(ROUTES.teacherDashboard, { role: 'teacher' });
    expect(await screen.findByRole('img', { name: 'Demo teacher' })).toHaveTextContent('CS');
    localStorage.setItem('something-else', 'x');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.length).toBe(0);
    expect(store.getState().auth.isAuth).toBe(false);
  });

  it('opens the profile dialog from the bottom bar', async () => {
    const { user } = renderApp(ROUTES.studentDashboard, { role: 'student' });
    await user.click(await screen.findByRole('button', { name: 'Profile' }));
    expect(await screen.findByRole('dialog', { name: 'Student Profile' })).toBeInTheDocument();
  });

  it('sends a signed-in person opening /login to their home', async () => {
    const { router } = renderApp(ROUTES.login, { role: 'teacher' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/teacher-dashboard'));
  });
});
