// Schema-shape helpers for apictl's size-limit rules (owner: security/performance).
import { cached, isObject } from './doc.js';
import { deref, walkSide } from './secperf.js';

/** A string schema carrying bytes: format binary/byte, contentEncoding or contentMediaType. */
export function isBinaryString(s) {
  if (!isObject(s)) return false;
  return s.format === 'binary' || s.format === 'byte' || typeof s.contentEncoding === 'string' || typeof s.contentMediaType === 'string';
}

/** Media types whose bodies are opaque bytes. */
export function isBinaryMedia(mt) {
  const m = String(mt).toLowerCase().split(';')[0].trim();
  return m === 'application/octet-stream' || /^(image|audio|video|font)\//.test(m) || /^application\/(pdf|zip|gzip|x-tar|x-7z-compressed|vnd\.openxmlformats)/.test(m);
}

/** Schema objects used as allOf members anywhere in the request or response schemas (refs followed). */
export function allOfMembers(root) {
  return cached(root, 'limits:allOfMembers', () => {
    const set = new Set();
    const collect = (s) => {
      if (Array.isArray(s.allOf)) {
        for (const m of s.allOf) {
          const { value } = deref(root, m, undefined);
          if (isObject(value)) set.add(value);
        }
      }
    };
    walkSide(root, 'request', collect);
    walkSide(root, 'response', collect);
    return set;
  });
}

