import { createInstitution } from '../../modules/onboarding/institution-setup';
import { out, parseOptions, required, withDatabase, type Command } from '../cli-support';

export const institutionCreate: Command = {
  name: 'institution create',
  summary: 'create an institution and its first admin (an institution admin)',
  help: `Usage: npm run rollbook -- institution create --name "<name>" --code <CODE> --timezone <IANA zone>
         --admin-email <email> [--admin-name "<name>"] [--json]

Creates the institution and its first admin, an institution admin (every branch, present and
future), with a temporary password printed once: signing in with it asks for a new password.
Prints the institution's slug. The code is unique (any case); the time zone is an IANA name
such as Asia/Kolkata or Europe/London.

  --json   print one JSON object:
           {"institution":{"slug","code"},"admin":{"email","temporaryPassword"}}

Example:
  npm run rollbook -- institution create --name "Government Engineering College" --code GEC \\
    --timezone Asia/Kolkata --admin-email registrar@gec.example --admin-name "Anita Desai"`,

  async run(args) {
    const { values } = parseOptions(args, {
      name: { type: 'string' },
      code: { type: 'string' },
      timezone: { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-name': { type: 'string' },
      json: { type: 'boolean' },
    });
    const input = {
      name: required(values.name, '--name'),
      code: required(values.code, '--code'),
      timezone: required(values.timezone, '--timezone'),
      adminEmail: required(values['admin-email'], '--admin-email'),
      adminName: values['admin-name'],
    };
    const created = await withDatabase((db) => createInstitution(db, input));
    if (values.json) {
      out(
        JSON.stringify({
          institution: { slug: created.institution.slug, code: created.institution.code },
          admin: { email: created.admin.email, temporaryPassword: created.admin.temporaryPassword },
        }),
      );
      return 0;
    }
    out(
      [
        `Created ${created.institution.name} (code ${created.institution.code}, time zone ${created.institution.timezone}).`,
        `Institution slug: ${created.institution.slug}`,
        `First admin: ${created.admin.email} (institution admin)`,
        `Temporary password (shown once): ${created.admin.temporaryPassword}`,
        'Signing in with it asks for a new password. Next: npm run rollbook -- import <workbook> --institution ' +
          created.institution.code,
      ].join('\n'),
    );
    return 0;
  },
};
