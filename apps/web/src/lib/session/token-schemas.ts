import type { AccessTokenPayload, TokenPair } from '@rollbook/contract';

// The two shapes the first load checks, written out by hand: even zod/mini (~12 kB gzip with its
// core) would be evaluated before the sign-in page can render (issue 19, item 3; web-0006).
// `token-schemas.test.ts` holds them to the contract's own schemas on the same samples. Like a zod
// object, each check answers a copy with only the known keys.

type Fields = Record<string, unknown>;

const isFields = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const isString = (v: unknown): v is string => typeof v === 'string';

/** The optional fields present in `from` (absent or `undefined` stays absent, as zod does). */
function optional<T>(from: Fields, key: string, check: (v: unknown) => T | null): { ok: boolean; value?: T } {
  if (from[key] === undefined) return { ok: true };
  const value = check(from[key]);
  return value === null ? { ok: false } : { ok: true, value };
}

function tokenBranch(v: unknown) {
  if (!isFields(v) || !isString(v.branch_name) || !isString(v.slug)) return null;
  const code = optional(v, 'branch_code', (c) => (isString(c) ? c : null));
  if (!code.ok) return null;
  return {
    branch_name: v.branch_name,
    slug: v.slug,
    ...(code.value !== undefined ? { branch_code: code.value } : {}),
  };
}

function profileOf<R extends string>(role: R, v: unknown) {
  if (!isFields(v) || v.role !== role || !isString(v.email)) return null;
  if (v.name !== null && !isString(v.name)) return null;
  return { name: v.name, email: v.email, role };
}

function tokenObject(v: unknown): AccessTokenPayload['obj'] | null {
  if (!isFields(v)) return null;
  const branch = optional(v, 'branch', tokenBranch);
  const admin = profileOf('admin', v.profile);
  if (admin && isInt(v.id) && branch.ok)
    return { id: v.id, profile: admin, ...(branch.value ? { branch: branch.value } : {}) };
  const teacher = profileOf('teacher', v.profile);
  const teacherBranch = tokenBranch(v.branch);
  if (teacher && isString(v.slug) && teacherBranch && isString(v.teacher_code))
    return { slug: v.slug, profile: teacher, branch: teacherBranch, teacher_code: v.teacher_code };
  const student = profileOf('student', v.profile);
  if (student && isString(v.slug) && isString(v.sr_no) && isString(v.enrollment) && branch.ok)
    return {
      slug: v.slug,
      profile: student,
      sr_no: v.sr_no,
      enrollment: v.enrollment,
      ...(branch.value ? { branch: branch.value } : {}),
    };
  return null;
}

/** The decoded payload when it has the contract's shape (`AccessTokenPayloadSchema`), else null. */
export function asAccessTokenPayload(value: unknown): AccessTokenPayload | null {
  if (!isFields(value) || value.token_type !== 'access') return null;
  const { exp, iat, jti, user_id: userId } = value;
  if (!isInt(exp) || !isInt(iat) || !isString(jti) || !isInt(userId)) return null;
  const obj = tokenObject(value.obj);
  if (!obj) return null;
  return { token_type: 'access', exp, iat, jti, user_id: userId, obj };
}

/** A refresh answer's token pair when it has the contract's shape (`TokenPairSchema`), else null. */
export function asTokenPair(value: unknown): TokenPair | null {
  if (!isFields(value)) return null;
  const { access, refresh } = value;
  if (!isString(access) || !isString(refresh) || access.length === 0 || refresh.length === 0) return null;
  return { access, refresh };
}
