import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  institutionClassroomRoutes,
  ok,
  ROUTES,
  type ClassroomBody,
  type InstitutionClassroom,
  type InstitutionClassroomList,
} from '@rollbook/contract';
import { findOpenDialog } from '../../testing/dialogs';
import { errorReply, onCall, server } from '../../testing/msw';
import { renderApp } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';

setupMswServer();

const branches = [
  { slug: 'ce', branch_name: 'Computer Engineering', branch_code: '07' },
  { slug: 'it', branch_name: 'Information Technology', branch_code: '16' },
];

const lh101: InstitutionClassroom = {
  slug: 'lh101',
  name: 'LH101',
  kind: 'classroom',
  latitude: 23.0341,
  longitude: 72.5457,
  radius_m: 100,
  capacity: 80,
  branches: [branches[0]!],
  distance_m: 51,
  far_from_campus: false,
};

const lab9: InstitutionClassroom = {
  slug: 'lab9',
  name: 'LAB9',
  kind: 'lab',
  latitude: 23.0545,
  longitude: 72.5461,
  radius_m: 50,
  capacity: null,
  branches,
  distance_m: 2302,
  far_from_campus: true,
};

const list: InstitutionClassroomList = {
  campus: { latitude: 23.0338, longitude: 72.5461 },
  far_from_campus_m: 1000,
  classrooms: [lab9, lh101],
  branches,
  editable: true,
};

/** Serves the list (re-read after each save), records every body sent, and answers saves. */
function serve(initial: InstitutionClassroomList = list) {
  let current = initial;
  const created: ClassroomBody[] = [];
  const updated: { slug: string; body: ClassroomBody }[] = [];
  const roomOf = (slug: string, body: ClassroomBody): InstitutionClassroom => ({
    slug,
    name: body.name,
    kind: body.kind,
    latitude: body.latitude,
    longitude: body.longitude,
    radius_m: body.radius_m,
    capacity: body.capacity,
    branches: branches.filter(
      (b) => body.branch_codes.length === 0 || body.branch_codes.includes(b.branch_code),
    ),
    distance_m: body.latitude > 23.04 ? 2302 : 40,
    far_from_campus: body.latitude > 23.04,
  });
  server.use(
    onCall(institutionClassroomRoutes.listClassrooms, () => ok(current)),
    onCall(institutionClassroomRoutes.createClassroom, async ({ request }) => {
      const body = (await request.json()) as ClassroomBody;
      created.push(body);
      const room = roomOf('new-room', body);
      current = { ...current, classrooms: [...current.classrooms, room] };
      return ok(room);
    }),
    onCall(institutionClassroomRoutes.updateClassroom, async ({ request, params }) => {
      const body = (await request.json()) as ClassroomBody;
      const slug = String(params.classroom_slug);
      updated.push({ slug, body });
      const room = roomOf(slug, body);
      current = { ...current, classrooms: current.classrooms.map((r) => (r.slug === slug ? room : r)) };
      return ok(room);
    }),
  );
  return { created, updated };
}

async function openPage() {
  const view = renderApp(ROUTES.classrooms, { role: 'admin' });
  const table = await screen.findByRole('table', { name: 'Classrooms and labs' });
  return { ...view, table };
}

function cellsOf(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

describe('ClassroomsPage', () => {
  it('lists every room with its distance from the campus point, flagging implausible coordinates', async () => {
    serve();
    const { table } = await openPage();
    expect(cellsOf(within(table).getByRole('row', { name: /LH101/ }))).toEqual([
      'Classroom',
      '23.0341, 72.5457',
      '100 m',
      '80',
      '07',
      '51 m',
      'Edit',
    ]);
    expect(cellsOf(within(table).getByRole('row', { name: /LAB9/ }))).toEqual([
      'Lab',
      '23.0545, 72.5461',
      '50 m',
      '-',
      '07, 16',
      '2.3 km from the campus point: check the coordinates',
      'Edit',
    ]);
    expect(screen.getByText(/1 room to check/)).toBeInTheDocument();
  });

  it('adds a room through the dialog and shows it in the table', async () => {
    const { created } = serve();
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add classroom' }));
    const dialog = await findOpenDialog('Add classroom');
    // A new room starts at the campus point with the usual radius.
    expect(within(dialog).getByLabelText('Latitude')).toHaveValue('23.0338');
    expect(within(dialog).getByLabelText(/^Radius/)).toHaveValue('100');
    await user.type(within(dialog).getByLabelText('Name'), 'LAB202');
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'lab');
    await user.type(within(dialog).getByLabelText(/^Capacity/), '40');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Information Technology (16)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add classroom' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(created).toEqual([
      {
        name: 'LAB202',
        kind: 'lab',
        latitude: 23.0338,
        longitude: 72.5461,
        radius_m: 100,
        capacity: 40,
        branch_codes: ['16'],
      },
    ]);
    expect(await screen.findByText('LAB202 saved')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /LAB202/ })).toBeInTheDocument();
  });

  it('edits a room, and warns when its new coordinates are far from the campus point', async () => {
    const { updated } = serve();
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit LH101' }));
    const dialog = await findOpenDialog('Edit LH101');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('LH101');
    expect(within(dialog).getByRole('checkbox', { name: 'Computer Engineering (07)' })).toBeChecked();
    const latitude = within(dialog).getByLabelText('Latitude');
    await user.clear(latitude);
    await user.type(latitude, '23.0541');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updated).toEqual([
      {
        slug: 'lh101',
        body: {
          name: 'LH101',
          kind: 'classroom',
          latitude: 23.0541,
          longitude: 72.5457,
          radius_m: 100,
          capacity: 80,
          branch_codes: ['07'],
        },
      },
    ]);
    expect(
      await screen.findByText('LH101 is 2.3 km from the campus point: check the coordinates'),
    ).toBeInTheDocument();
  });

  it('marks bad fields in the dialog and sends nothing', async () => {
    const { created } = serve();
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add classroom' }));
    const dialog = await findOpenDialog('Add classroom');
    const radius = within(dialog).getByLabelText(/^Radius/);
    await user.clear(radius);
    await user.type(radius, '5');
    const longitude = within(dialog).getByLabelText('Longitude');
    await user.clear(longitude);
    await user.type(longitude, '190');
    await user.type(within(dialog).getByLabelText(/^Capacity/), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add classroom' }));

    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('The name must not be empty');
    expect(within(dialog).getByLabelText(/^Radius/)).toHaveAccessibleDescription(
      expect.stringContaining('The radius must be between 10 and 1000 metres'),
    );
    expect(within(dialog).getByLabelText('Longitude')).toHaveAccessibleDescription(
      'Longitude must be between -180 and 180',
    );
    expect(within(dialog).getByLabelText(/^Capacity/)).toHaveAccessibleDescription(
      expect.stringContaining('The capacity must be a positive number'),
    );
    expect(created).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Add classroom' })).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's refusal", async () => {
    serve();
    server.use(
      onCall(institutionClassroomRoutes.updateClassroom, () =>
        errorReply(
          409,
          'A classroom named "LAB9" already exists in this institution: choose another name',
          'conflict',
        ),
      ),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit LH101' }));
    const dialog = await findOpenDialog('Edit LH101');
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'LAB9');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A classroom named "LAB9" already exists in this institution: choose another name',
    );
    expect(screen.getByRole('dialog', { name: 'Edit LH101' })).toBeInTheDocument();
  });

  it('shows a branch admin the rooms without add or edit', async () => {
    serve({ ...list, editable: false });
    const { table } = await openPage();
    expect(screen.queryByRole('button', { name: 'Add classroom' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Only an institution admin can add or edit classrooms/)).toBeInTheDocument();
  });

  it('says when there is no campus point to check against, linking to the settings', async () => {
    serve({
      ...list,
      campus: null,
      classrooms: [{ ...lh101, distance_m: null, far_from_campus: false }],
    });
    const { table } = await openPage();
    expect(screen.getByRole('note')).toHaveTextContent(/No campus point is set/);
    expect(
      within(screen.getByRole('note')).getByRole('link', { name: 'Institution Settings' }),
    ).toHaveAttribute('href', ROUTES.institutionSettings);
    expect(cellsOf(within(table).getByRole('row', { name: /LH101/ }))).toContain('No campus point');
  });
});
