import { describe, expect, it } from 'vitest';
import { AccessTokenPayloadSchema, TokenPairSchema } from '@rollbook/contract';
import { asAccessTokenPayload, asTokenPair } from './token-schemas';

const claims = { token_type: 'access', exp: 2_000_000_000, iat: 1_900_000_000, jti: 'j1', user_id: 7 };
const branch = { branch_name: 'Computer Engineering', slug: 'ce' };
const payloads: unknown[] = [
  { ...claims, obj: { id: 1, profile: { name: 'Ada', email: 'a@x.test', role: 'admin' }, branch } },
  { ...claims, obj: { id: 1, profile: { name: null, email: 'a@x.test', role: 'admin' } } },
  {
    ...claims,
    obj: { slug: 't', profile: { name: 'T', email: 't@x', role: 'teacher' }, branch, teacher_code: 'CST' },
  },
  {
    ...claims,
    obj: { slug: 't', profile: { name: 'T', email: 't@x', role: 'teacher' }, teacher_code: 'CST' },
  },
  {
    ...claims,
    obj: { slug: 's', profile: { name: 'S', email: 's@x', role: 'student' }, sr_no: '1', enrollment: 'E1' },
  },
  { ...claims, obj: { slug: 's', profile: { name: 'S', email: 's@x', role: 'student' }, sr_no: '1' } },
  {
    ...claims,
    obj: { slug: 's', profile: { name: 'S', email: 's@x', role: 'owner' }, sr_no: '1', enrollment: 'E' },
  },
  { ...claims, token_type: 'refresh', obj: { id: 1, profile: { name: 'A', email: 'a@x', role: 'admin' } } },
  { ...claims, exp: 1.5, obj: { id: 1, profile: { name: 'A', email: 'a@x', role: 'admin' } } },
  { ...claims },
  null,
  'token',
  // Written by hand since web-0006: the corners a hand check could get wrong.
  { ...claims, obj: { id: 1, profile: { name: 3, email: 'a@x', role: 'admin' } } },
  { ...claims, obj: { id: 1, profile: { name: 'A', email: 'a@x', role: 'admin' }, branch: { slug: 'ce' } } },
  {
    ...claims,
    obj: {
      id: 1,
      profile: { name: 'A', email: 'a@x', role: 'admin' },
      branch: { ...branch, branch_code: 7 },
    },
  },
  {
    ...claims,
    obj: {
      id: 1,
      profile: { name: 'A', email: 'a@x', role: 'admin' },
      branch: { ...branch, branch_code: '07' },
    },
  },
  { ...claims, user_id: '7', obj: { id: 1, profile: { name: 'A', email: 'a@x', role: 'admin' } } },
  { ...claims, obj: { id: 1, profile: { name: 'A', role: 'admin' } } },
  { ...claims, obj: [] },
];

describe('the first load’s token checks (without zod)', () => {
  it('accept and refuse access-token payloads exactly as the contract’s schema does', () => {
    const verdicts = payloads.map((p) => [
      asAccessTokenPayload(p) !== null,
      AccessTokenPayloadSchema.safeParse(p).success,
    ]);
    for (const [mini, classic] of verdicts) expect(mini).toBe(classic);
    expect(verdicts.filter(([, classic]) => classic)).toHaveLength(5);
    expect(verdicts.filter(([, classic]) => !classic)).toHaveLength(14);
    // Like the schema, a copy with the known keys only.
    const extra = {
      ...claims,
      extra: 1,
      obj: { id: 1, profile: { name: 'A', email: 'a@x', role: 'admin', x: 1 } },
    };
    expect(asAccessTokenPayload(extra)).toEqual(AccessTokenPayloadSchema.parse(extra));
  });

  it('accept and refuse token pairs exactly as the contract’s schema does', () => {
    const pairs: unknown[] = [
      { access: 'a', refresh: 'r' },
      { access: '', refresh: 'r' },
      { access: 'a' },
      {},
      null,
    ];
    for (const p of pairs) expect(asTokenPair(p) !== null).toBe(TokenPairSchema.safeParse(p).success);
    expect(asTokenPair({ access: 'a', refresh: 'r', extra: 1 })).toEqual({ access: 'a', refresh: 'r' });
  });
});
