import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogueRoutes,
  divisionRoutes,
  MASTER_TIMETABLE_FILE_FIELD,
  ok,
  timetableExtensionRoutes,
  timetableRoutes,
  type DivisionTimetable,
} from '@rollbook/contract';
import { errorBody, onCall, server } from '../../testing/msw';
import { renderWithProviders } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';
import { buildWeek, DIVISION, STREAM } from './timetable-fixtures';
import TimetablePage from './timetable-page';

setupMswServer();

// jsdom has no ResizeObserver, which the popover's positioning needs; browsers all do. The stub is
// removed afterwards because test files share one jsdom.
const hadResizeObserver = 'ResizeObserver' in globalThis;
beforeAll(() => {
  if (!hadResizeObserver) {
    globalThis.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
});
afterAll(() => {
  if (!hadResizeObserver) Reflect.deleteProperty(globalThis, 'ResizeObserver');
});

const EMPTY_WEEK: DivisionTimetable = { schedules: [{ day: 'MONDAY', lectures: [] }] };

/** A server whose one division has `week` (empty: the admin has no timetable yet). */
function serveCatalogue(week: () => DivisionTimetable) {
  server.use(
    onCall(catalogueRoutes.getStreams, () => ok([STREAM])),
    onCall(divisionRoutes.getDivisionsFromStream, () => ok([DIVISION]), {
      params: { stream_slug: STREAM.slug },
    }),
    onCall(timetableRoutes.getTimetable, () => ok(week()), { params: { division_slug: DIVISION.slug } }),
    onCall(timetableExtensionRoutes.getSampleNames, () =>
      ok(['grid-ce-be7.csv', 'grid-ce-be7.xlsx', 'rows-it-be5.csv']),
    ),
  );
}

function renderPage() {
  return renderWithProviders(<TimetablePage title="Master Timetable" />, { role: 'admin' });
}

const csv = () => new File(['DAY,TIME,CST\n'], 'master.csv', { type: 'text/csv' });

async function chooseFile(user: ReturnType<typeof renderPage>['user'], file: File) {
  await user.upload(await screen.findByLabelText(/Choose a timetable file/), file);
}

/** Answers every upload with success and counts them. */
function countUploads() {
  const uploads = { count: 0 };
  server.use(
    onCall(timetableRoutes.uploadMasterTimetable, () => {
      uploads.count += 1;
      return ok({ logs: [], register_count: 0, error_count: 0 });
    }),
  );
  return uploads;
}

describe('TimetablePage upload', () => {
  it('shows the upload form when the admin has no timetable yet, with the sample downloads', async () => {
    serveCatalogue(() => EMPTY_WEEK);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Upload Master Time-Table' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload File' })).toBeEnabled();
    expect(await screen.findByRole('button', { name: 'Download grid-ce-be7.csv' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download rows-it-be5.csv' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download grid-ce-be7.xlsx' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Choose a timetable file/)).toHaveAttribute('accept', '.csv,.xlsx');
  });

  it('says "Please select a file" and sends nothing without a file', async () => {
    serveCatalogue(() => EMPTY_WEEK);
    const uploads = countUploads();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Upload File' }));
    expect((await screen.findAllByText('Please select a file')).length).toBeGreaterThan(0);
    expect(uploads.count).toBe(0);
  });

  it('lists every problem of a rejected file and keeps the form', async () => {
    serveCatalogue(() => EMPTY_WEEK);
    server.use(
      onCall(timetableRoutes.uploadMasterTimetable, () =>
        HttpResponse.json(
          {
            ...errorBody(
              'The file has 2 problems; the first: row 7, column CST: Faculty not found',
              'validation_failed',
            ),
            issues: [
              { path: 'row 7, column CST', message: 'Faculty not found' },
              {
                path: 'row 9, column HAJ',
                message: 'HAJ is already teaching BE-7-B at 09:00-10:00 on MONDAY',
              },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderPage();
    await chooseFile(user, csv());
    expect(screen.getByText('master.csv')).toBeInTheDocument();
    expect(screen.getByText(/Selected file/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload File' }));

    const list = await screen.findByRole('list', { name: 'Problems in the file' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'row 7, column CST: Faculty not found',
      'row 9, column HAJ: HAJ is already teaching BE-7-B at 09:00-10:00 on MONDAY',
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('The file has 2 problems');
    expect(screen.getByRole('heading', { name: 'Upload Master Time-Table' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload File' })).toBeEnabled();
  });

  it('shows the expected layouts and a division code before any upload', async () => {
    serveCatalogue(() => EMPTY_WEEK);
    renderPage();
    const formats = await screen.findByRole('region', { name: 'What the file should look like' });
    expect(formats).toHaveTextContent('A division code is stream-semester-division, like BE-7-A');
    expect(formats).toHaveTextContent('BE-5-A_A1-DBMS-LH101');
    expect(
      await within(formats).findByRole('button', { name: 'Download rows-it-be5.csv' }),
    ).toBeInTheDocument();
  });

  it('refuses a dropped file that is not .csv or .xlsx at once, sending nothing', async () => {
    serveCatalogue(() => EMPTY_WEEK);
    const uploads = countUploads();
    const { user } = renderPage();
    const zone = (await screen.findByText('Choose a timetable file or drop it here')).closest('label');
    fireEvent.drop(zone!, { dataTransfer: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('"photo.png" is not a .csv or .xlsx file.');
    expect(screen.queryByText(/Selected file/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload File' }));
    expect(uploads.count).toBe(0);

    fireEvent.drop(zone!, { dataTransfer: { files: [csv()] } });
    expect(await screen.findByText('master.csv')).toBeInTheDocument();
    expect(screen.queryByText(/is not a \.csv or \.xlsx file/)).not.toBeInTheDocument();
  });

  it('takes a dropped file', async () => {
    serveCatalogue(() => EMPTY_WEEK);
    renderPage();
    const zone = (await screen.findByText('Choose a timetable file or drop it here')).closest('label');
    expect(zone).not.toBeNull();
    fireEvent.drop(zone!, { dataTransfer: { files: [csv()] } });
    expect(await screen.findByText('master.csv')).toBeInTheDocument();
  });

  it('shows "File upload failed. See console for more information." when the request fails', async () => {
    serveCatalogue(() => EMPTY_WEEK);
    server.use(onCall(timetableRoutes.uploadMasterTimetable, () => HttpResponse.error()));
    const { user } = renderPage();
    await chooseFile(user, csv());
    await user.click(screen.getByRole('button', { name: 'Upload File' }));
    expect(
      await screen.findByText('File upload failed. See console for more information.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Problems in the file' })).not.toBeInTheDocument();
  });

  it('sends the file in the "master_tt.csv" field, toasts success and switches to browsing', async () => {
    let week = EMPTY_WEEK;
    serveCatalogue(() => week);
    let sentBody = '';
    server.use(
      onCall(timetableRoutes.uploadMasterTimetable, async ({ request }) => {
        // jsdom's File is opaque to Node's multipart encoder, so only the field name is checked.
        sentBody = await request.text();
        week = buildWeek();
        return ok({ logs: [], register_count: 4, error_count: 0 });
      }),
    );
    const { user } = renderPage();
    await chooseFile(user, csv());
    await user.click(screen.getByRole('button', { name: 'Upload File' }));
    expect(await screen.findByText('File uploaded successfully')).toBeInTheDocument();
    expect(sentBody).toContain(`name="${MASTER_TIMETABLE_FILE_FIELD}"`);
    expect(await screen.findByLabelText('Stream')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Upload Master Time-Table' })).not.toBeInTheDocument();
  });
});

describe('TimetablePage browse', () => {
  async function openDivision() {
    serveCatalogue(buildWeek);
    const view = renderPage();
    const stream = await screen.findByLabelText('Stream');
    await waitFor(() => expect(stream).toBeEnabled());
    await view.user.selectOptions(stream, 'BE - 07 Computer Engineering');
    const division = screen.getByLabelText('Division');
    await waitFor(() => expect(within(division).getByRole('option', { name: 'Division - A | Sem - 7' })));
    await view.user.selectOptions(division, 'Division - A | Sem - 7');
    const grid = await screen.findByRole('list', { name: 'Weekly timetable of Division - A | Sem - 7' });
    return { ...view, grid };
  }

  it('starts in browsing when a timetable exists', async () => {
    serveCatalogue(buildWeek);
    renderPage();
    expect(await screen.findByLabelText('Stream')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Upload Master Time-Table' })).not.toBeInTheDocument();
  });

  it('draws the week Monday first with tile titles, times and "No Lectures"', async () => {
    const { grid } = await openDivision();
    const days = within(grid).getAllByRole('heading', { level: 3 });
    expect(days.map((d) => d.textContent)).toEqual(['MONDAY', 'TUESDAY', 'WEDNESDAY']);
    const tiles = within(grid).getAllByRole('button');
    expect(tiles.map((t) => t.textContent)).toEqual([
      'Information Security (CST)09:00 - 10:00',
      'Project Management (NMP)11:00 - 12:00',
      'Compiler Design (HAJ)12:45 - 14:45',
    ]);
    expect(within(grid).getAllByText('No Lectures')).toHaveLength(1);
  });

  it('opens a popover with the Location and the batches', async () => {
    const { grid, user } = await openDivision();
    await user.click(within(grid).getByRole('button', { name: /Information Security \(CST\)/ }));
    const popover = await screen.findByRole('dialog', { name: 'Information Security (CST), 09:00 - 10:00' });
    expect(within(popover).getByText('Location')).toBeInTheDocument();
    expect(within(popover).getByText('LH101')).toBeInTheDocument();
    expect(within(popover).getByText('Description')).toBeInTheDocument();
    expect(
      within(popover)
        .getAllByRole('listitem')
        .map((b) => b.textContent),
    ).toEqual(['A1', 'A2']);
  });

  it('says "No Batches Available" for a lecture without batches', async () => {
    const { grid, user } = await openDivision();
    await user.click(within(grid).getByRole('button', { name: /Compiler Design \(HAJ\)/ }));
    const popover = await screen.findByRole('dialog', { name: /Compiler Design/ });
    expect(within(popover).getByText('LAB202')).toBeInTheDocument();
    expect(within(popover).getByText('No Batches Available')).toBeInTheDocument();
  });

  it('goes back to the upload form to replace the timetable, and back again', async () => {
    serveCatalogue(buildWeek);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Upload new timetable' }));
    expect(screen.getByRole('heading', { name: 'Upload Master Time-Table' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to timetable' }));
    expect(await screen.findByLabelText('Stream')).toBeInTheDocument();
  });
});
