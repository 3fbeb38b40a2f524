import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorEnvelopeSchema, codedEnvelopeSchema, envelopeSchema, ok, okCoded } from './envelope';

describe('envelopeSchema', () => {
  const schema = envelopeSchema(z.array(z.string()));

  it('accepts the standard success body', () => {
    expect(schema.safeParse({ data: ['a'], error: false, message: null }).success).toBe(true);
    expect(schema.safeParse(ok(['a', 'b'])).success).toBe(true);
  });

  it('rejects an error flag, a message, or a wrong payload', () => {
    expect(schema.safeParse({ data: ['a'], error: true, message: null }).success).toBe(false);
    expect(schema.safeParse({ data: ['a'], error: false, message: 'hi' }).success).toBe(false);
    expect(schema.safeParse({ data: [1], error: false, message: null }).success).toBe(false);
    expect(schema.safeParse({ data: ['a'] }).success).toBe(false);
  });
});

describe('codedEnvelopeSchema', () => {
  const schema = codedEnvelopeSchema(z.boolean());

  it('requires an integer or null code next to the data', () => {
    expect(schema.safeParse({ data: true, code: 100, error: false, message: null }).success).toBe(true);
    expect(schema.safeParse(okCoded(true)).success).toBe(true);
    expect(schema.safeParse(okCoded(true, 100)).data?.code).toBe(100);
    expect(schema.safeParse({ data: true, error: false, message: null }).success).toBe(false);
    expect(schema.safeParse({ data: true, code: 1.5, error: false, message: null }).success).toBe(false);
    expect(schema.safeParse({ data: true, code: '100', error: false, message: null }).success).toBe(false);
  });
});

describe('ErrorEnvelopeSchema', () => {
  it('accepts error bodies with optional code and issues', () => {
    expect(ErrorEnvelopeSchema.safeParse({ data: null, error: true, message: 'Nope' }).success).toBe(true);
    expect(
      ErrorEnvelopeSchema.safeParse({
        data: null,
        error: true,
        message: 'email must not be empty',
        code: 'validation_failed',
        issues: [{ path: 'email', message: 'email must not be empty' }],
      }).success,
    ).toBe(true);
    expect(
      ErrorEnvelopeSchema.safeParse({ data: null, error: true, message: 'Already marked', code: 100 })
        .success,
    ).toBe(true);
  });

  it('rejects bodies without a message or with data', () => {
    expect(ErrorEnvelopeSchema.safeParse({ data: null, error: true }).success).toBe(false);
    expect(ErrorEnvelopeSchema.safeParse({ data: {}, error: true, message: 'x' }).success).toBe(false);
    expect(ErrorEnvelopeSchema.safeParse({ data: null, error: false, message: 'x' }).success).toBe(false);
    expect(
      ErrorEnvelopeSchema.safeParse({ data: null, error: true, message: 'x', issues: [{ path: 1 }] }).success,
    ).toBe(false);
  });
});
