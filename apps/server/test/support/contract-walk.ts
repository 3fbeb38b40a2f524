import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { buildPath, type RouteDef } from '@rollbook/contract';
import { call } from '../../src/testing/test-app';
import { multipart } from '../../src/testing/live-fixture';

/**
 * One institution's objects by kind, as a caller would name them: the slug of a semester, a
 * stream, a lecture, ... (`session` is a lecture session's id). The walk fills every field that
 * takes an object with the object of its kind.
 */
export type ObjectsByKind = Readonly<Record<string, string>>;

/** Field names whose kind is not their prefix (`subject_choices` lists offered subjects). */
const KIND_ALIASES: Record<string, string> = {
  subject_choices_slug: 'subject_choices',
  subject_choices: 'subject',
  session_id: 'session',
  attendance_slug: 'attendance',
  person: 'profile',
  people: 'profile',
  user: 'profile',
  admin: 'profile',
  room: 'classroom',
};

/** The kind of object a field names (`semester_slug` → `semester`), or null for a plain value. */
export function kindOfField(key: string): string | null {
  const k = key.toLowerCase();
  if (KIND_ALIASES[k]) return KIND_ALIASES[k];
  const m = /^(.+?)_(slug|slugs|id|ids)$/.exec(k);
  if (!m) return null;
  return KIND_ALIASES[m[1]!] ?? m[1]!;
}

/** Plain values a field may take, tried in order until the field's schema accepts one. */
function plainCandidates(key: string): unknown[] {
  const k = key.toLowerCase();
  if (k === 'day') return ['monday', '2026-11-02'];
  if (k.includes('year')) return ['2026-27', '2027-28'];
  if (k.endsWith('timestamp')) return [Date.parse('2026-12-01T00:00:00Z') / 1000];
  if (k === 'start_time') return [Date.parse('2026-11-02T03:30:00Z')];
  if (k === 'latitude') return [23.03];
  if (k === 'longitude') return [72.54];
  if (k === 'max_students') return [6];
  if (k === 'max_hours') return [10];
  if (k === 'division_name') return ['A'];
  if (k.includes('email')) return ['walk@isolation.test'];
  return [];
}

/** What any plain field may take when its name says nothing. */
const ANY_PLAIN: readonly unknown[] = ['walk', 1, true, 'monday', '2026-11-02'];

/** The first candidate the schema accepts, as is or as text (multipart fields are text). */
function acceptedPlain(schema: z.ZodType, key: string): unknown {
  for (const candidate of [...plainCandidates(key), ...ANY_PLAIN]) {
    if (schema.safeParse(candidate).success) return candidate;
    if (typeof candidate !== 'string' && schema.safeParse(String(candidate)).success)
      return String(candidate);
  }
  return 'walk';
}

interface Fill {
  value: unknown;
  /** An object of the institution was put in somewhere. */
  named: boolean;
}

type Def = { type: string; [k: string]: unknown };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * A value for `schema`, read field by field: every field that names an object gets the
 * institution's object of that kind; plain fields get a value their schema accepts.
 */
export function fillSchema(schema: z.ZodType, key: string, objects: ObjectsByKind, parent = ''): Fill {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fillSchema(def.innerType as z.ZodType, key, objects, parent);
    case 'pipe':
      return fillSchema(def.in as z.ZodType, key, objects, parent);
    case 'lazy':
      return fillSchema((def.getter as () => z.ZodType)(), key, objects, parent);
    case 'object': {
      const out: Record<string, unknown> = {};
      let named = false;
      for (const [field, child] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const filled = fillSchema(child, field, objects, key);
        out[field] = filled.value;
        named ||= filled.named;
      }
      return { value: out, named };
    }
    case 'array': {
      const item = fillSchema(def.element as z.ZodType, key, objects, parent);
      // A list of plain values stays empty where allowed: only objects are worth sending.
      if (!item.named && schema.safeParse([]).success) return { value: [], named: false };
      return { value: [item.value], named: item.named };
    }
    case 'tuple': {
      const items = (def.items as z.ZodType[]).map((s) => fillSchema(s, key, objects, parent));
      return { value: items.map((i) => i.value), named: items.some((i) => i.named) };
    }
    case 'record': {
      const kind = kindOfField(key);
      const mapKey = objects[kind ?? ''] ?? objects.subject ?? 'walk';
      const value = fillSchema(def.valueType as z.ZodType, key, objects, parent);
      return { value: { [mapKey]: value.value }, named: true };
    }
    case 'union': {
      const options = def.options as z.ZodType[];
      const filled = options.map((o) => fillSchema(o, key, objects, parent));
      return filled.find((f) => schema.safeParse(f.value).success) ?? filled[0]!;
    }
    case 'intersection': {
      const left = fillSchema(def.left as z.ZodType, key, objects, parent);
      const right = fillSchema(def.right as z.ZodType, key, objects, parent);
      return {
        value: { ...(left.value as object), ...(right.value as object) },
        named: left.named || right.named,
      };
    }
    case 'literal':
      return { value: (def.values as unknown[])[0], named: false };
    case 'enum':
      return { value: Object.values(def.entries as Record<string, unknown>)[0], named: false };
    case 'boolean':
      return { value: false, named: false };
    default: {
      // A leaf: a string, number or anything custom.
      const kind = kindOfField(key) ?? (key === 'slug' ? kindOfField(`${parent}_slug`) : null);
      if (kind !== null) {
        const value = objects[kind] ?? objects.fallback!;
        return { value, named: true };
      }
      return { value: acceptedPlain(schema, key), named: false };
    }
  }
}

/** One request of the walk: the route, what to send, and whether it names an object of the institution. */
export interface WalkRequest {
  route: RouteDef;
  url: string;
  body: unknown;
  headers: Record<string, string> | undefined;
  named: boolean;
}

/** Fills a route's path, query and body with the objects (see `fillSchema`). */
export function requestFor(route: RouteDef, objects: ObjectsByKind): WalkRequest {
  let named = false;
  const params: Record<string, string> = {};
  for (const [name, schema] of Object.entries(route.params?.shape ?? {})) {
    const filled = fillSchema(schema as z.ZodType, name, objects);
    params[name] = String(filled.value);
    named ||= filled.named;
  }
  const query = new URLSearchParams();
  for (const [name, schema] of Object.entries(route.query?.shape ?? {})) {
    const filled = fillSchema(schema as z.ZodType, name, objects);
    query.set(name, String(filled.value));
    named ||= filled.named;
  }
  const qs = query.size > 0 ? `?${query.toString()}` : '';
  const url = `/api${buildPath(route, params)}${qs}`;
  if (route.bodyKind === 'none') return { route, url, body: undefined, headers: undefined, named };
  const filled = route.body ? fillSchema(route.body, 'body', objects) : { value: {}, named: false };
  named ||= filled.named;
  if (route.bodyKind === 'json') return { route, url, body: filled.value, headers: undefined, named };
  // Multipart: every field as text, and a small file in each file field.
  const fields = Object.fromEntries(
    Object.entries(filled.value as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
  );
  const files = Object.fromEntries(
    (route.files ?? []).map((f) => [
      f,
      {
        filename: f.includes('.') ? f : `${f}.wav`,
        data: new Uint8Array([1, 2, 3, 4]),
        contentType: 'application/octet-stream',
      },
    ]),
  );
  const body = multipart(fields, files);
  return { route, url, body: body.payload, headers: body.headers, named };
}

/** Every cell's text of a base64 .xlsx, so a spreadsheet answer can be searched like JSON. */
async function workbookText(base64: string): Promise<string> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.eachSheet((sheet) => {
    cells.push(sheet.name);
    sheet.eachRow((row) => {
      row.eachCell((cell) => cells.push(String(cell.text)));
    });
  });
  return cells.join('\n');
}

/** Collects every `file_content` spreadsheet inside a JSON answer. */
function spreadsheetsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) spreadsheetsIn(v, found);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'file_content' && typeof v === 'string') found.push(v);
      else spreadsheetsIn(v, found);
    }
  }
  return found;
}

/** What a request answered: its status, message, and all the text a person could read in it. */
export interface WalkAnswer {
  status: number;
  message: string | undefined;
  text: string;
}

export async function send(app: FastifyInstance, request: WalkRequest, token: string): Promise<WalkAnswer> {
  const res = await call(app, {
    method: request.route.method,
    url: request.url,
    token,
    ...(request.body !== undefined ? { body: request.body } : {}),
    ...(request.headers ? { headers: request.headers } : {}),
  });
  let text = res.raw.body;
  if (res.body !== undefined) {
    for (const book of spreadsheetsIn(res.body)) text += `\n${await workbookText(book)}`;
  }
  return { status: res.status, message: (res.body as { message?: string } | undefined)?.message, text };
}

/** The needles of `haystack`, for a readable failure. */
export function found(haystack: string, needles: Iterable<string>): string[] {
  return [...needles].filter((n) => haystack.includes(n));
}
