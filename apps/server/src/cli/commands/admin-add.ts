import { addBranchAdmin } from '../../modules/onboarding/institution-setup';
import { out, parseOptions, required, withDatabase, type Command } from '../cli-support';

export const adminAdd: Command = {
  name: 'admin add',
  summary: 'add an admin of one branch, with a temporary password',
  help: `Usage: npm run rollbook -- admin add --institution <CODE> --email <email> --name "<name>"
         --branch <BRANCH_CODE> [--json]

Adds an admin of one branch of the institution, with a temporary password printed once:
signing in with it asks for a new password. The branch must exist (import the workbook first).

  --json   print one JSON object: {"admin":{"email","branch","temporaryPassword"}}

Example:
  npm run rollbook -- admin add --institution GEC --email head.ce@gec.example --name "Vikram Rao" --branch 07`,

  async run(args) {
    const { values } = parseOptions(args, {
      institution: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      branch: { type: 'string' },
      json: { type: 'boolean' },
    });
    const input = {
      institutionCode: required(values.institution, '--institution'),
      email: required(values.email, '--email'),
      name: required(values.name, '--name'),
      branchCode: required(values.branch, '--branch'),
    };
    const admin = await withDatabase((db) => addBranchAdmin(db, input));
    if (values.json) {
      out(JSON.stringify({ admin }));
      return 0;
    }
    out(
      [
        `Added ${admin.email}, admin of branch ${admin.branch} of ${input.institutionCode}.`,
        `Temporary password (shown once): ${admin.temporaryPassword}`,
        'Signing in with it asks for a new password.',
      ].join('\n'),
    );
    return 0;
  },
};
