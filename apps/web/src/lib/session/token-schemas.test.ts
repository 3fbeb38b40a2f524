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
];

describe('the first load’s token checks (zod/mini)', () => {
  it('accept and refuse access-token payloads exactly as the contract’s schema does', () => {
    const verdicts = payloads.map((p) => [
      asAccessTokenPayload(p) !== null,
      AccessTokenPayloadSchema.safeParse(p).success,
    ]);
    for (const [mini, classic] of verdicts) expect(mini).toBe(classic);
    expect(verdicts.filter(([, classic]) => classic)).toHaveLength(4);
    expect(verdicts.filter(([, classic]) => !classic)).toHaveLength(8);
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
