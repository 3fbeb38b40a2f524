import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  buildPath,
  fastifyPath,
  pathParamNames,
  type RouteBody,
  type RouteParams,
  type RouteResponse,
} from './route';
import { authRoutes } from './routes/auth.routes';
import { catalogueRoutes } from './routes/catalogue.routes';
import { timetableRoutes } from './routes/timetable.routes';
import { ALL_ROUTES } from './routes/index';

describe('fastifyPath', () => {
  it('turns {name} placeholders into :name', () => {
    expect(fastifyPath('/manage/get_timetable_for_teacher/{day}')).toBe(
      '/manage/get_timetable_for_teacher/:day',
    );
    expect(fastifyPath('/manage/get_subjects_from_acedemic_year/{semester_slug}/{year}')).toBe(
      '/manage/get_subjects_from_acedemic_year/:semester_slug/:year',
    );
    expect(fastifyPath('/auth/api/login/')).toBe('/auth/api/login/');
  });
});

describe('buildPath', () => {
  it('fills every placeholder', () => {
    expect(
      buildPath(catalogueRoutes.getSubjectsFromAcademicYear, { semester_slug: 'sem_5', year: '2023-24' }),
    ).toBe('/manage/get_subjects_from_acedemic_year/sem_5/2023-24');
  });

  it('encodes values so they cannot add segments or a query', () => {
    expect(buildPath(timetableRoutes.getTimetable, { division_slug: 'a/b?c=d e' })).toBe(
      '/manage/get_timetable/a%2Fb%3Fc%3Dd%20e',
    );
  });

  it('throws when a placeholder has no value', () => {
    expect(() => buildPath(timetableRoutes.getTimetable, {})).toThrow(/division_slug/);
  });

  it('round-trips with fastifyPath for every route', () => {
    for (const route of ALL_ROUTES) {
      const names = pathParamNames(route.path);
      const values = Object.fromEntries(names.map((n, i) => [n, `v${i}_x`]));
      const built = buildPath(route, values);
      // Matching the built path against the Fastify pattern must give back the same values.
      const pattern = new RegExp(
        `^${fastifyPath(route.path).replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '(?<$1>[^/]+)')}$`,
      );
      const match = pattern.exec(built);
      expect(match, route.id).not.toBeNull();
      expect({ ...match?.groups }, route.id).toEqual(values);
    }
  });
});

describe('route helper types', () => {
  it('keep the schema types precise', () => {
    expectTypeOf<RouteBody<typeof authRoutes.refresh>>().toEqualTypeOf<{ refresh: string }>();
    expectTypeOf<RouteParams<typeof timetableRoutes.getTimetableForTeacher>['day']>().toEqualTypeOf<
      'current' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday'
    >();
    expectTypeOf<RouteBody<typeof authRoutes.checkServerAvailability>>().toEqualTypeOf<undefined>();
    expectTypeOf<RouteResponse<typeof authRoutes.checkServerAvailability>>().toEqualTypeOf<{ data: true }>();
    expect(authRoutes.refresh.path).toBe('/auth/api/token/refresh/');
  });
});
