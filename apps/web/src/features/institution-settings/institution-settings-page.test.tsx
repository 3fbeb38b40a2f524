import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  institutionSettingsRoutes,
  ok,
  ROUTES,
  type InstitutionSettings,
  type UpdateInstitutionSettingsBody,
} from '@rollbook/contract';
import { buildInstitutionSettings } from '../../testing/factories';
import { errorReply, onCall, server } from '../../testing/msw';
import { renderApp } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';

setupMswServer();

const settings: InstitutionSettings = buildInstitutionSettings({ session_start_late_minutes: 5 });

/** Serves the settings, records every update body, and answers it as the server would. */
function serve(initial: InstitutionSettings = settings) {
  const sent: UpdateInstitutionSettingsBody[] = [];
  server.use(
    onCall(institutionSettingsRoutes.getSettings, () => ok(initial)),
    onCall(institutionSettingsRoutes.updateSettings, async ({ request }) => {
      const body = (await request.json()) as UpdateInstitutionSettingsBody;
      sent.push(body);
      return ok({
        ...initial,
        ...body,
        syllabus_url_template: body.syllabus_url_template || null,
        detention_notice_date: body.detention_notice_date || null,
      });
    }),
  );
  return sent;
}

async function openPage() {
  const view = renderApp(ROUTES.institutionSettings, { role: 'admin' });
  await screen.findByRole('heading', { name: 'Institution Settings', level: 1 });
  await screen.findByDisplayValue('Rollbook Institute of Technology');
  return view;
}

/** The server refuses the next save as invalid (400 validation_failed) with these field issues. */
function refuseSave(message: string, issues: { path: string; message: string }[]): void {
  server.use(
    onCall(institutionSettingsRoutes.updateSettings, () =>
      Response.json({ data: null, error: true, code: 'validation_failed', message, issues }, { status: 400 }),
    ),
  );
}

describe('InstitutionSettingsPage', () => {
  it("shows every setting, with the server's margin where the institution sets none", async () => {
    serve();
    await openPage();
    expect(screen.getByLabelText('Name')).toHaveValue('Rollbook Institute of Technology');
    expect(screen.getByText('028')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Time zone/)).toHaveValue('Asia/Kolkata');
    expect(screen.getByLabelText(/^Latitude/)).toHaveValue('23.0338');
    expect(screen.getByLabelText(/^Longitude/)).toHaveValue('72.5461');
    const before = screen.getByLabelText(/^Minutes before the lecture starts/);
    expect(before).toHaveValue('');
    expect(before).toHaveAccessibleDescription("Empty: the server's setting (15 minutes).");
    expect(screen.getByLabelText(/^Minutes after the lecture ends/)).toHaveValue('5');
    expect(screen.getByRole('checkbox', { name: /Always open/ })).not.toBeChecked();
    expect(screen.getByLabelText(/^Attendance threshold/)).toHaveValue('75');
    expect(screen.getByLabelText(/^Syllabus URL/)).toHaveValue('');
    const window = screen.getByLabelText(/^Correction window/);
    expect(window).toHaveValue('7');
    expect(window).toHaveAccessibleDescription(
      expect.stringContaining('Branch admins may correct at any time'),
    );
    expect(screen.getByRole('radio', { name: 'Left out of the percentage' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Excused absences' })).toHaveAccessibleDescription(
      'How leave, on-duty and medical absences count in attendance percentages.',
    );
    expect(screen.getByLabelText(/^Keep recordings and exact positions/)).toHaveValue('30');
    expect(screen.getByLabelText(/^Detention notice date/)).toHaveValue('');
  });

  it('saves the changed settings and says so', async () => {
    const sent = serve();
    const { user } = await openPage();
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Rollbook College');
    await user.type(screen.getByLabelText(/^Minutes before the lecture starts/), '30');
    await user.clear(screen.getByLabelText(/^Minutes after the lecture ends/));
    await user.click(screen.getByRole('checkbox', { name: /Always open/ }));
    const threshold = screen.getByLabelText(/^Attendance threshold/);
    await user.clear(threshold);
    await user.type(threshold, '80');
    await user.type(screen.getByLabelText(/^Syllabus URL/), 'https://uni.example.edu/s/{{code}.pdf');
    expect(screen.getByText('https://uni.example.edu/s/3150703.pdf')).toBeInTheDocument();
    const window = screen.getByLabelText(/^Correction window/);
    await user.clear(window);
    await user.type(window, '3');
    await user.click(screen.getByRole('radio', { name: 'Counted as attended' }));
    const keep = screen.getByLabelText(/^Keep recordings and exact positions/);
    await user.clear(keep);
    await user.type(keep, '14');
    await user.type(screen.getByLabelText(/^Detention notice date/), '2027-03-15');
    await user.type(screen.getByLabelText(/^Tone band from/), '16000');
    await user.type(screen.getByLabelText(/^Tone band to/), '19000');
    const required = screen.getByRole('checkbox', { name: 'Require the two-way check' });
    expect(required).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Two-way check/ }));
    expect(required).toBeEnabled();
    await user.click(required);
    const untimed = screen.getByRole('checkbox', { name: /marks the session tone cannot time/ });
    expect(untimed).not.toBeChecked();
    expect(untimed).toHaveAccessibleDescription(/original app on a phone/);
    await user.click(untimed);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Institution settings saved.');
    expect(sent).toEqual([
      {
        name: 'Rollbook College',
        time_zone: 'Asia/Kolkata',
        campus: { latitude: 23.0338, longitude: 72.5461 },
        session_start_early_minutes: 30,
        session_start_late_minutes: null,
        session_window_always_open: true,
        attendance_threshold_percent: 80,
        syllabus_url_template: 'https://uni.example.edu/s/{code}.pdf',
        correction_window_days: 3,
        excused_counts_as: 'present',
        recording_retention_days: 14,
        detention_notice_date: '2027-03-15',
        tone_band: { low_hz: 16000, high_hz: 19000 },
        two_way_check: true,
        two_way_check_required: true,
        review_untimed_tone: true,
      },
    ]);
    expect(screen.getByLabelText('Name')).toHaveValue('Rollbook College');
  });

  it('never sends the two-way requirement without the check: turning the check off turns it off', async () => {
    const sent = serve();
    const { user } = await openPage();
    const check = screen.getByRole('checkbox', { name: /Two-way check/ });
    const required = screen.getByRole('checkbox', { name: 'Require the two-way check' });
    await user.click(check);
    await user.click(required);
    expect(required).toBeChecked();
    await user.click(check);
    expect(required).toBeDisabled();
    expect(required).not.toBeChecked();
    // Ticking the check again does not bring the requirement back unasked.
    await user.click(check);
    expect(required).toBeEnabled();
    expect(required).not.toBeChecked();
    await user.click(check);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Institution settings saved.');
    expect(sent[0]).toMatchObject({ two_way_check: false, two_way_check_required: false });
  });

  it('refuses a tone band the engine cannot use beside the field, sending nothing', async () => {
    const sent = serve();
    const { user } = await openPage();
    await user.type(screen.getByLabelText(/^Tone band from/), '18000');
    await user.type(screen.getByLabelText(/^Tone band to/), '19000');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The tone band must be at least 2400 Hz wide')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends no campus point when both coordinates are emptied', async () => {
    const sent = serve();
    const { user } = await openPage();
    await user.clear(screen.getByLabelText(/^Latitude/));
    await user.clear(screen.getByLabelText(/^Longitude/));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Institution settings saved.');
    expect(sent[0]?.campus).toBeNull();
  });

  it('marks each bad field with the reason and sends nothing', async () => {
    const sent = serve();
    const { user } = await openPage();
    const zone = screen.getByLabelText(/^Time zone/);
    await user.clear(zone);
    await user.type(zone, 'India');
    await user.clear(screen.getByLabelText(/^Longitude/));
    await user.type(screen.getByLabelText(/^Minutes before the lecture starts/), 'ten');
    const threshold = screen.getByLabelText(/^Attendance threshold/);
    await user.clear(threshold);
    await user.type(threshold, '0');
    await user.type(screen.getByLabelText(/^Syllabus URL/), 'http://uni.example.edu/all.pdf');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Please correct the fields marked below.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Time zone/)).toHaveAccessibleDescription(
      expect.stringContaining('The time zone must be an IANA time zone such as Asia/Kolkata'),
    );
    expect(screen.getByLabelText(/^Longitude/)).toHaveAccessibleDescription(
      expect.stringContaining('Longitude is required'),
    );
    expect(screen.getByLabelText(/^Minutes before the lecture starts/)).toHaveAccessibleDescription(
      expect.stringContaining('must be a number'),
    );
    expect(screen.getByLabelText(/^Attendance threshold/)).toHaveAccessibleDescription(
      expect.stringContaining('The attendance threshold must be between 1 and 100 %'),
    );
    expect(screen.getByLabelText(/^Syllabus URL/)).toHaveAccessibleDescription(
      expect.stringContaining('must contain {code}'),
    );
    expect(screen.getByLabelText(/^Syllabus URL/)).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('refuses a correction window or a retention out of range beside the field', async () => {
    const sent = serve();
    const { user } = await openPage();
    const window = screen.getByLabelText(/^Correction window/);
    await user.clear(window);
    await user.type(window, '400');
    const keep = screen.getByLabelText(/^Keep recordings and exact positions/);
    await user.clear(keep);
    await user.type(keep, '0');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Please correct the fields marked below.')).toBeInTheDocument();
    expect(window).toHaveAccessibleDescription(
      expect.stringContaining('The correction window must be between 0 and 365 days'),
    );
    expect(keep).toHaveAccessibleDescription(
      expect.stringContaining('The recording retention must be between 1 and 3650 days'),
    );
    expect(sent).toEqual([]);
  });

  it("shows the server's refusal beside the field it names", async () => {
    serve();
    refuseSave('time_zone: The time zone must be an IANA time zone such as Asia/Kolkata', [
      { path: 'time_zone', message: 'The time zone must be an IANA time zone such as Asia/Kolkata' },
    ]);
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'time_zone: The time zone must be an IANA time zone such as Asia/Kolkata',
    );
    expect(screen.getByLabelText(/^Time zone/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Institution settings saved.')).not.toBeInTheDocument();
  });

  it("links the server's refusal of a checkbox or a choice to it", async () => {
    serve();
    refuseSave('Please correct the settings', [
      { path: 'session_window_always_open', message: 'Always open is not allowed here' },
      { path: 'excused_counts_as', message: 'Choose how excused absences count' },
    ]);
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const alwaysOpen = await screen.findByRole('checkbox', { name: /^Always open/ });
    await waitFor(() => expect(alwaysOpen).toHaveAccessibleDescription('Always open is not allowed here'));
    expect(alwaysOpen).toHaveAttribute('aria-invalid', 'true');
    const excused = screen.getByRole('group', { name: 'Excused absences' });
    expect(excused).toHaveAccessibleDescription(expect.stringContaining('Choose how excused absences count'));
    for (const choice of within(excused).getAllByRole('radio'))
      expect(choice).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the message of a refused save (403)', async () => {
    serve();
    server.use(
      onCall(institutionSettingsRoutes.updateSettings, () =>
        errorReply(
          403,
          'Only an institution admin can change the institution settings; branch admins can only read them',
          'forbidden',
        ),
      ),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Only an institution admin can change/);
  });

  it('lets a branch admin read the settings without any way to change them', async () => {
    serve({ ...settings, editable: false });
    await openPage();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Only an institution admin can change these settings.',
    );
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.getByLabelText(/^Attendance threshold/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
  });

  it('is in the admin navigation', async () => {
    serve();
    await openPage();
    const nav = screen.getAllByRole('navigation')[0]!;
    expect(within(nav).getByRole('link', { name: 'Institution Settings' })).toHaveAttribute(
      'href',
      ROUTES.institutionSettings,
    );
    expect(within(nav).getByRole('link', { name: 'Classrooms' })).toHaveAttribute('href', ROUTES.classrooms);
  });
});
