import { Inflate, deflateSync, strFromU8, strToU8 } from 'fflate';
import { z } from 'zod';
import type { FileMap, Lesson } from '../lesson/types.ts';
import { fromBase64Url, toBase64Url } from './base64url.ts';

/**
 * Share links: `#/<lesson-id>/v1.<payload>`, where the payload is the JSON
 * `{"files":{"src/loop.ts":"..."}}` (only files that differ from the starter), compressed
 * with raw DEFLATE (RFC 1951) and written as base64url without padding.
 */
const SHARE_VERSION = 'v1';
/** Decoded payloads larger than this are refused, whatever they compress to. */
export const MAX_SHARE_BYTES = 100_000;
/** Encoded payloads longer than this are refused before any decoding. */
const MAX_PAYLOAD_CHARS = 200_000;
/** Past this length chat apps and some browsers may cut a link off. */
export const LONG_LINK_CHARS = 2_000;

const payloadSchema = z.strictObject({ files: z.record(z.string(), z.string()) });

export type ShareProblem =
  | 'unknown-version'
  | 'too-large'
  | 'bad-encoding'
  | 'bad-compression'
  | 'bad-json'
  | 'bad-shape'
  | 'unknown-file';

export type DecodeResult =
  { ok: true; files: FileMap } | { ok: false; problem: ShareProblem; message: string };

/** The files worth sharing: the editable ones that differ from the starter. */
function changedFiles(lesson: Lesson, files: FileMap): FileMap {
  const out: FileMap = {};
  for (const [path, text] of Object.entries(files)) {
    if (lesson.readOnly.includes(path) || !(path in lesson.starter)) continue;
    if (lesson.starter[path] !== text) out[path] = text;
  }
  return out;
}

/** The fragment (`#/...`) that opens `lesson` with `files` in it. */
export function encodeShareFragment(lesson: Lesson, files: FileMap): string {
  const json = JSON.stringify({ files: changedFiles(lesson, files) });
  return `#/${lesson.id}/${SHARE_VERSION}.${toBase64Url(deflateSync(strToU8(json), { level: 9 }))}`;
}

/**
 * Decodes a share payload (`v1.<data>`) for `lesson`. Never throws: anything that is not
 * a well-formed, bounded payload naming only the lesson's editable files is a problem.
 */
export function decodeSharePayload(lesson: Lesson, payload: string): DecodeResult {
  try {
    return decode(lesson, payload);
  } catch {
    return problem('bad-compression', 'The link is damaged: its code could not be unpacked.');
  }
}

function decode(lesson: Lesson, payload: string): DecodeResult {
  const dot = payload.indexOf('.');
  const version = dot < 0 ? '' : payload.slice(0, dot);
  if (version !== SHARE_VERSION) {
    return problem(
      'unknown-version',
      `This link's format (${version || 'none'}) is not one this version of the app reads.`,
    );
  }
  const data = payload.slice(dot + 1);
  if (data.length > MAX_PAYLOAD_CHARS)
    return problem('too-large', 'The link holds more code than a share link may.');
  const bytes = fromBase64Url(data);
  if (!bytes || bytes.length === 0)
    return problem(
      'bad-encoding',
      'The link is damaged: it is cut short or has characters a link cannot hold.',
    );
  const inflated = inflateBounded(bytes);
  if (inflated === 'too-large')
    return problem('too-large', `The link's code is over ${MAX_SHARE_BYTES / 1000} KB.`);
  if (!inflated)
    return problem(
      'bad-compression',
      'The link is damaged: its code could not be unpacked (was it cut short?).',
    );
  let value: unknown;
  try {
    value = JSON.parse(strFromU8(inflated));
  } catch {
    return problem('bad-json', 'The link is damaged: its contents are not readable.');
  }
  const parsed = payloadSchema.safeParse(value);
  if (!parsed.success)
    return problem('bad-shape', 'The link does not hold code in the form this app shares.');
  const editable = Object.keys(lesson.starter).filter((p) => !lesson.readOnly.includes(p));
  const stray = Object.keys(parsed.data.files).filter((p) => !editable.includes(p));
  if (stray.length > 0) {
    return problem(
      'unknown-file',
      `The link names files this lesson does not have: ${stray.slice(0, 3).join(', ')}.`,
    );
  }
  return { ok: true, files: parsed.data.files };
}

/** Inflates raw DEFLATE data, giving up as soon as the output passes MAX_SHARE_BYTES. */
function inflateBounded(bytes: Uint8Array): Uint8Array | 'too-large' | undefined {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let done = false;
  let tooLarge = false;
  const inflater = new Inflate((chunk, final) => {
    size += chunk.length;
    if (size > MAX_SHARE_BYTES) tooLarge = true;
    else chunks.push(chunk);
    if (final) done = true;
  });
  // Small input slices bound what one push can produce (DEFLATE expands at most ~1032:1).
  for (let at = 0; at < bytes.length && !tooLarge; at += 512) {
    inflater.push(bytes.subarray(at, at + 512), at + 512 >= bytes.length);
  }
  if (tooLarge) return 'too-large';
  if (!done) return;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

function problem(kind: ShareProblem, message: string): DecodeResult {
  return { ok: false, problem: kind, message };
}
